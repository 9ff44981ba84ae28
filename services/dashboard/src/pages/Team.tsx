import { useSignal } from '@preact/signals';
import { api, call, type Schemas } from '../api';
import { ErrorNote, MoreButton, useConfirm, usePages } from '../components/ui';
import { dateTime } from '../format';
import { t } from '../i18n';
import { type Permissions, roleName } from '../permissions';
import { DataTable } from '@kupa/web-kit/data-table';

type Role = Schemas['UserRole'];
const ROLES: Role[] = ['owner', 'admin', 'developer', 'support', 'viewer'];

/** Who uses the dashboard: invite by email with a role, change roles, remove. */
export function Team({ can, me }: { can: Permissions; me: Schemas['User'] }) {
  const users = usePages(
    (startingAfter) =>
      call(api.GET('/v1/users', { params: { query: { limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) } } })),
    [],
  );
  const error = useSignal<unknown>();
  const note = useSignal<string>();
  const { ask, dialog } = useConfirm();
  const busy = useSignal(false);

  const invite = async (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    busy.value = true;
    error.value = undefined;
    try {
      await call(api.POST('/v1/users', { body: { email: String(form.get('email')), role: form.get('role') as Role, locale: 'he' } }));
      formElement.reset();
      note.value = t('invitationSent');
      users.reload();
    } catch (caught) {
      error.value = caught;
    } finally {
      busy.value = false;
    }
  };
  const changeRole = async (user: Schemas['User'], role: Role) => {
    error.value = undefined;
    try {
      await call(api.POST('/v1/users/{id}', { params: { path: { id: user.id } }, body: { role } }));
      note.value = t('saved');
    } catch (caught) {
      error.value = caught;
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
          <button class="primary" type="submit" disabled={busy.value}>
            {t('invite')}
          </button>
        </form>
      )}
      {note.value && <p role="status">{note.value}</p>}
      <ErrorNote error={error.value ?? users.error} />
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
