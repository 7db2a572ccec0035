// A small stand-in for Stripe's browser script (https://js.stripe.com/…), served to the real page
// through Playwright's request routing: `Stripe(key)`, `elements({clientSecret})`, a payment element
// with a card-number field, and `confirmPayment`, which declines 4000 0000 0000 0002 with Stripe's
// message and otherwise succeeds (redirecting to the return address unless `redirect: "if_required"`).
import type { Page } from "playwright-core";

export const DECLINED_CARD = "4000 0000 0000 0002";
export const GOOD_CARD = "4242 4242 4242 4242";

const STRIPE_JS = String.raw`
(function () {
  function emitter() {
    var handlers = {};
    return {
      on: function (name, cb) { (handlers[name] = handlers[name] || []).push(cb); },
      off: function (name, cb) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== cb; }); },
      emit: function (name, value) { (handlers[name] || []).forEach(function (h) { h(value); }); }
    };
  }
  function unsupported() {
    return Promise.reject(new Error("Not part of the Stripe.js stand-in"));
  }
  function Stripe(publishableKey) {
    if (!/^pk_/.test(publishableKey)) throw new Error("Invalid publishable key");
    var confirmed = [];
    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      // Present because React Stripe.js recognises a Stripe object by them; Keepsake never calls them.
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      elements: function (options) {
        if (!options || !options.clientSecret) throw new Error("elements() needs the clientSecret");
        var input;
        return {
          update: function () {},
          submit: function () { return Promise.resolve({}); },
          create: function (type) {
            var events = emitter();
            var root;
            return {
              mount: function (node) {
                root = typeof node === "string" ? document.querySelector(node) : node;
                var label = document.createElement("label");
                label.textContent = "Card number";
                label.style.cssText = "display:grid;gap:6px;font:14px system-ui;color:#30313d";
                input = document.createElement("input");
                input.inputMode = "numeric";
                input.autocomplete = "cc-number";
                input.placeholder = "1234 1234 1234 1234";
                input.style.cssText = "padding:12px;border:1px solid #e6e6e6;border-radius:6px;font:16px system-ui";
                label.appendChild(input);
                root.appendChild(label);
                setTimeout(function () { events.emit("ready", { elementType: type }); }, 50);
              },
              on: events.on,
              off: events.off,
              update: function () {},
              unmount: function () {},
              destroy: function () { if (root) root.innerHTML = ""; }
            };
          },
          getElement: function () { return null; },
          _cardNumber: function () { return input ? input.value.replace(/\s+/g, "") : ""; }
        };
      },
      confirmPayment: function (args) {
        var number = args.elements._cardNumber();
        return new Promise(function (resolve) {
          setTimeout(function () {
            if (number === "4000000000000002") {
              resolve({ error: { type: "card_error", code: "card_declined", message: "Your card was declined." } });
              return;
            }
            if (number.length < 12) {
              resolve({ error: { type: "validation_error", message: "Your card number is incomplete." } });
              return;
            }
            confirmed.push(args.elements);
            if (args.redirect === "if_required") resolve({ paymentIntent: { status: "succeeded" } });
            else window.location.assign(args.confirmParams.return_url);
          }, 150);
        });
      }
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
`;

/** Answers every request for Stripe's script on this page with the stand-in. */
export const routeStripeJs = async (page: Page) => {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS }),
  );
};
