/**
 * The twin's stand-in for Tranzila's Hosted Fields (docs.tranzila.com, "Hosted Fields"): `thostedf.js`
 * defines `TzlaHostedFields.create({ fields: { credit_card_number, expiry, cvv }, ... })`, which injects
 * one iframe of the twin into each field's container (`selector`), and `charge(params, callback)`, after
 * which the card goes from those iframes to the twin alone: the page that mounts them never holds a card
 * number, an expiry or a CVC. The field names and the `charge` callback follow the docs; the docs do not
 * list every field of the charge's answer, so the twin answers what Kupa reads back anyway from the
 * transaction search: the transaction's id and its response code.
 */

/** The script a page loads, as `https://hf.tranzila.com/assets/js/thostedf.js` would be. */
export function hostedFieldsScript(origin: string): string {
  return `(function () {
  var origin = ${JSON.stringify(origin)};
  function create(options) {
    var frames = {};
    Object.keys(options.fields || {}).forEach(function (name) {
      var field = options.fields[name];
      var container = document.querySelector(field.selector);
      if (!container) throw new Error('TzlaHostedFields: no element matches ' + field.selector);
      var frame = document.createElement('iframe');
      frame.src = origin + '/hosted-fields/field?name=' + encodeURIComponent(name) +
        '&placeholder=' + encodeURIComponent(field.placeholder || '') + '&parent=' + encodeURIComponent(location.origin);
      frame.setAttribute('style', 'border:0;width:100%;height:2.75em;display:block');
      if (field.tabindex !== undefined) frame.tabIndex = field.tabindex;
      container.appendChild(frame);
      frames[name] = frame;
    });
    var pending = {};
    var next = 1;
    window.addEventListener('message', function (event) {
      if (event.origin !== origin || !event.data || event.data.type !== 'tzla-charge-result') return;
      var callback = pending[event.data.id];
      delete pending[event.data.id];
      if (callback) callback(event.data.error || null, event.data.response || null);
    });
    return {
      charge: function (params, callback) {
        if (!frames.credit_card_number) return callback([{ field: 'credit_card_number', code: 'missing', message: 'No card number field' }], null);
        var id = next++;
        pending[id] = callback;
        frames.credit_card_number.contentWindow.postMessage({ type: 'tzla-charge', id: id, params: params }, origin);
      }
    };
  }
  window.TzlaHostedFields = { create: create };
})();
`;
}

/** One field's page, in the twin's origin: its input, and for the card number the charge itself. */
export function hostedFieldPage(name: string, placeholder: string, parentOrigin: string): string {
  const input: Record<string, string> = {
    credit_card_number: 'autocomplete="cc-number" inputmode="numeric" maxlength="23"',
    expiry: 'autocomplete="cc-exp" inputmode="numeric" maxlength="7"',
    cvv: 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"',
    identity_number: 'inputmode="numeric" maxlength="9"',
  };
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; }
  input { box-sizing: border-box; width: 100%; height: 2.5em; font: inherit; padding: 0 .5em; border: 1px solid #8a8f98; border-radius: 6px; }
</style></head>
<body data-field="${escape(name)}">
<input ${input[name] ?? ''} dir="ltr" aria-label="${escape(placeholder || name)}" placeholder="${escape(placeholder)}">
<script>
(function () {
  var parentOrigin = ${JSON.stringify(parentOrigin)};
  if (document.body.dataset.field !== 'credit_card_number') return;
  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || !event.data || event.data.type !== 'tzla-charge') return;
    var card = {};
    for (var i = 0; i < parent.frames.length; i++) {
      try {
        var frame = parent.frames[i];
        if (frame.location.origin !== location.origin) continue;
        card[frame.document.body.dataset.field] = frame.document.querySelector('input').value;
      } catch (e) { /* another origin's frame */ }
    }
    var body = Object.assign({}, event.data.params, { card: card });
    fetch('/hosted-fields/charge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) { return res.json(); })
      .then(function (answer) {
        var result = { type: 'tzla-charge-result', id: event.data.id, error: answer.errors || null, response: answer.errors ? null : answer };
        parent.postMessage(result, parentOrigin);
      }, function () {
        var unreachable = [{ code: 'network', message: 'Tranzila could not be reached' }];
        parent.postMessage({ type: 'tzla-charge-result', id: event.data.id, error: unreachable }, parentOrigin);
      });
  });
})();
</script>
</body></html>`;
}
