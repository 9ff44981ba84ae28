import { useState } from 'preact/hooks';
import { api, call, type Schemas } from '../api';
import { ErrorNote, MoreButton, useConfirm, usePages } from '../components/ui';
import { dateTime } from '../format';
import { type MessageKey, t } from '../i18n';
import type { Permissions } from '../permissions';
import { DataTable } from '@kupa/web-kit/data-table';

type Role = Schemas['UserRole'];
const ROLES: Role[] = ['owner', 'admin', 'developer', 'support', 'viewer'];
export const roleName = (role: Role) => t(`role${role[0].toUpperCase()}${role.slice(1)}` as MessageKey);

/** Who uses the dashboard: invite by email with a role, change roles, remove. */
export function Team({ can, me }: { can: Permissions; me: Schemas['User'] }) {
  const users = usePages(
    (startingAfter) =>
      call(api.GET('/v1/users', { params: { query: { limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) } } })),
    [],
  );
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const { ask, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);

  const invite = async (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    setBusy(true);
    setError(undefined);
    try {
      await call(api.POST('/v1/users', { body: { email: String(form.get('email')), role: form.get('role') as Role, locale: 'he' } }));
      formElement.reset();
      setNote(t('invitationSent'));
      users.reload();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const changeRole = async (user: Schemas['User'], role: Role) => {
    setError(undefined);
    try {
      await call(api.POST('/v1/users/{id}', { params: { path: { id: user.id } }, body: { role } }));
      setNote(t('saved'));
    } catch (caught) {
      setError(caught);
    }
    users.reload();
  };

  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">{t('team')}</h1>
      {can.manageTeam && (
        <form class="inline-form" onSubmit={invite} aria-labelledby="invite-title">
          <h2 id="invite-title" class="visually-hidden">
            {t('inviteTitle')}
          </h2>
          <label>
            {t('email')}
            <input name="email" type="email" required dir="ltr" />
          </label>
          <label>
            {t('role')}
            <select name="role" aria-label={t('role')}>
              {ROLES.filter((role) => role !== 'owner' || me.role === 'owner').map((role) => (
                <option value={role} selected={role === 'viewer'}>
                  {roleName(role)}
                </option>
              ))}
            </select>
          </label>
          <button class="primary" type="submit" disabled={busy}>
            {t('invite')}
          </button>
        </form>
      )}
      {note && <p role="status">{note}</p>}
      <ErrorNote error={error ?? users.error} />
      <DataTable
        rows={users.items ?? []}
        rowKey={(user) => user.id}
        columns={[
          { header: t('email'), ltr: true, cell: (user) => user.email },
          { header: t('name'), optional: true, cell: (user) => user.name ?? '' },
          {
            header: t('role'),
            cell: (user) =>
              can.manageTeam && user.id !== me.id && user.status !== 'removed' ? (
                <select aria-label={`${t('role')} ${user.email}`} onChange={(e) => changeRole(user, e.currentTarget.value as Role)}>
                  {ROLES.map((role) => (
                    <option value={role} selected={role === user.role}>
                      {roleName(role)}
                    </option>
                  ))}
                </select>
              ) : (
                roleName(user.role)
              ),
          },
          { header: t('status'), cell: (user) => t(user.status) },
          { header: t('when'), optional: true, cell: (user) => (user.last_sign_in_at ? dateTime(user.last_sign_in_at) : '') },
          can.manageTeam && {
            header: '',
            cell: (user) =>
              user.id !== me.id &&
              user.status !== 'removed' && (
                <button
                  type="button"
                  onClick={() =>
                    ask(t('confirmRemove', { email: user.email }), async () => {
                      await call(api.DELETE('/v1/users/{id}', { params: { path: { id: user.id } } }));
                      users.reload();
                    })
                  }
                >
                  {t('remove')}
                </button>
              ),
          },
        ]}
      />
      <MoreButton list={users} />
      {dialog}
    </section>
  );
}
