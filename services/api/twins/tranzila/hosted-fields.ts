/**
 * The twin's stand-in for Tranzila's Hosted Fields (docs.tranzila.com, "Hosted Fields"): `thostedf.js`
 * defines `TzlaHostedFields.create({ fields: { credit_card_number, expiry, cvv }, ... })`, which injects
 * one iframe of the twin into each field's container (`selector`), and `charge(params, callback)`, after
 * which the card goes from those iframes to the twin alone: the page that mounts them never holds a card
 * number, an expiry or a CVC. The field names and the `charge` callback follow the docs; the docs do not
 * list every field of the charge's answer, so the twin answers what Kupa reads back anyway from the
 * transaction search (the transaction's id and its response code) and what the fields showed of the card
 * (`card_type_name`, `last_4`, as the API's transaction result names them). As public integrations use
 * them, `onEvent('cardTypeChange', listener)` tells the page the brand typed so far, and a charge with a
 * wrong field is refused before anything is sent, naming each field.
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
    var listeners = {};
    window.addEventListener('message', function (event) {
      if (event.origin !== origin || !event.data) return;
      if (event.data.type === 'tzla-event') {
        (listeners[event.data.name] || []).forEach(function (listener) { listener(event.data.detail); });
        return;
      }
      if (event.data.type !== 'tzla-charge-result') return;
      var callback = pending[event.data.id];
      delete pending[event.data.id];
      if (callback) callback(event.data.error || null, event.data.response || null);
    });
    return {
      onEvent: function (name, listener) {
        (listeners[name] = listeners[name] || []).push(listener);
      },
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
    card_holder_id_number: 'inputmode="numeric" maxlength="9"',
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
  var digits = function (value) { return value.replace(/\\D/g, ''); };
  var luhn = function (number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return number.length >= 8 && sum % 10 === 0;
  };
  var cardType = function (number) {
    if (/^4/.test(number)) return 'visa';
    if (/^5[1-5]/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
    return number.length >= 8 && /^[^345]/.test(number) ? 'isracard' : 'unknown';
  };
  var shown = 'unknown';
  document.querySelector('input').addEventListener('input', function (event) {
    var type = cardType(digits(event.target.value));
    if (type === shown) return;
    shown = type;
    parent.postMessage({ type: 'tzla-event', name: 'cardTypeChange', detail: { cardType: type } }, parentOrigin);
  });
  /** What the fields refuse before any charge: each wrong field, by its name. */
  var invalid = function (card) {
    var wrong = [];
    if (!luhn(digits(card.credit_card_number || ''))) wrong.push('credit_card_number');
    var expiry = /^(\\d{2})\\s*\\/\\s*(\\d{2})$/.exec(card.expiry || '');
    var now = new Date();
    if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12 || 2000 + Number(expiry[2]) < now.getFullYear() ||
        (2000 + Number(expiry[2]) === now.getFullYear() && Number(expiry[1]) < now.getMonth() + 1)) wrong.push('expiry');
    if (!/^\\d{3,4}$/.test(card.cvv || '')) wrong.push('cvv');
    return wrong.map(function (field) { return { field: field, code: 'invalid', message: 'The ' + field + ' is not valid' }; });
  };
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
    var refused = invalid(card);
    if (refused.length > 0) {
      parent.postMessage({ type: 'tzla-charge-result', id: event.data.id, error: refused }, parentOrigin);
      return;
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
