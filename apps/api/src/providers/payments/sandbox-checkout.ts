import { API_PREFIX, routes } from '@kaushal/contract';

/**
 * The sandbox's stand-in for https://checkout.razorpay.com/v1/checkout.js: it defines `window.Razorpay` with
 * the same surface the pay button uses (`new Razorpay(options)`, `.on('payment.failed', fn)`, `.open()`,
 * `.close()`, `options.handler(response)`, `options.modal.ondismiss()`), shown as a small native modal
 * <dialog> (focus trap and Escape for free). Pay asks the server to sign a payment for the order, so the
 * page then runs the real /payments/verify path with a genuine signature. Plain ES2017 so it runs as served.
 */
export function sandboxCheckoutScript(): string {
  const payPath = `${API_PREFIX}${routes.sandboxPay}`;
  return `/* Payment sandbox checkout (development only) */
(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.sandbox) return;
  var script = document.currentScript;
  var payUrl = new URL(${JSON.stringify(payPath)}, script && script.src ? script.src : window.location.href).toString();
  var inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
  var uid = 0;

  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function failure(orderId, description, reason) {
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: description,
        source: 'customer',
        step: 'payment_authorization',
        reason: reason,
        metadata: { order_id: orderId, payment_id: '' }
      }
    };
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key || !options.order_id) throw new Error('Razorpay: key and order_id are required');
    this.options = options;
    this.handlers = {};
    this.dialog = null;
    this.returnFocus = null;
  }
  Razorpay.sandbox = true;

  Razorpay.prototype.on = function (event, fn) {
    (this.handlers[event] = this.handlers[event] || []).push(fn);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.handlers[event] || []).forEach(function (fn) { fn(payload); });
  };

  Razorpay.prototype.close = function () {
    if (!this.dialog) return;
    var dialog = this.dialog;
    this.dialog = null;
    if (dialog.open) dialog.close();
    dialog.remove();
    if (this.returnFocus && typeof this.returnFocus.focus === 'function') this.returnFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    this.close();
    var modal = this.options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    if (this.dialog) return;
    var self = this;
    var o = this.options;
    var color = (o.theme && o.theme.color) || '#00CFFF';
    var id = 'sandbox-checkout-' + (++uid);
    this.returnFocus = document.activeElement;

    var dialog = el('dialog', 'max-width:24rem;width:calc(100% - 2rem);border:0;border-top:6px solid ' + color +
      ';border-radius:12px;padding:24px;background:#fff;color:#111;font:15px/1.5 system-ui,sans-serif;' +
      'box-shadow:0 20px 50px rgba(0,0,0,.4)');
    dialog.setAttribute('aria-labelledby', id + '-title');
    dialog.setAttribute('aria-describedby', id + '-desc');
    dialog.setAttribute('data-testid', 'sandbox-checkout');

    var title = el('h2', 'margin:0 0 4px;font-size:18px', 'Test payment');
    title.id = id + '-title';
    var desc = el('p', 'margin:0 0 12px;color:#333', (o.name || '') + (o.description ? ': ' + o.description : ''));
    desc.id = id + '-desc';
    var amount = el('p', 'margin:0 0 4px;font-size:28px;font-weight:700', inr.format((Number(o.amount) || 0) / 100));
    var who = o.prefill && (o.prefill.name || o.prefill.email)
      ? el('p', 'margin:0 0 4px;color:#333', 'Paying as ' + [o.prefill.name, o.prefill.email].filter(Boolean).join(', '))
      : null;
    var note = el('p', 'margin:0 0 12px;font-size:13px;color:#555', 'Sandbox mode: no real money moves.');
    var status = el('p', 'margin:0 0 12px;min-height:1.5em;font-size:14px;color:#a11');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');

    var buttonStyle = 'min-height:44px;padding:0 16px;border-radius:8px;font:600 15px system-ui,sans-serif;cursor:pointer;';
    var pay = el('button', buttonStyle + 'border:0;background:' + color + ';color:#000', 'Pay');
    var fail = el('button', buttonStyle + 'border:1px solid #a11;background:#fff;color:#a11', 'Fail');
    var close = el('button', buttonStyle + 'border:1px solid #999;background:#fff;color:#111', 'Close');
    [pay, fail, close].forEach(function (b) { b.type = 'button'; });
    var row = el('div', 'display:flex;flex-wrap:wrap;gap:8px');
    row.append(pay, fail, close);

    dialog.append(title, desc, amount);
    if (who) dialog.append(who);
    dialog.append(note, status, row);

    function busy(on) {
      [pay, fail, close].forEach(function (b) { b.disabled = on; });
    }

    pay.addEventListener('click', function () {
      busy(true);
      status.textContent = 'Processing payment...';
      fetch(payUrl, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ orderId: o.order_id })
      })
        .then(function (res) {
          return res.json().catch(function () { return {}; }).then(function (body) { return { ok: res.ok, body: body }; });
        })
        .then(function (result) {
          if (!result.ok) throw new Error(result.body && result.body.detail ? result.body.detail : 'The payment could not be completed.');
          self.close();
          if (typeof o.handler === 'function') o.handler(result.body);
        })
        .catch(function (error) {
          busy(false);
          var message = error && error.message ? error.message : 'The payment could not be completed.';
          status.textContent = message;
          self.emit('payment.failed', failure(o.order_id, message, 'payment_failed'));
        });
    });

    fail.addEventListener('click', function () {
      status.textContent = 'Payment failed. You can try again or close this window.';
      self.emit('payment.failed', failure(o.order_id, 'Your payment could not be completed (sandbox).', 'payment_failed'));
    });

    close.addEventListener('click', function () { self.dismiss(); });
    dialog.addEventListener('cancel', function (event) {
      event.preventDefault();
      if (!pay.disabled) self.dismiss();
    });

    this.dialog = dialog;
    document.body.appendChild(dialog);
    dialog.showModal();
    pay.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
}
