// Entry of `/v1/embed.js`: exposes `window.Kupa.mountCheckout` to merchant pages without a bundler.
export { mountCheckout } from '@kupa/sdk/embed';
