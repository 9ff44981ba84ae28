// The SDK for Node 20 and later: the typed client and webhook verification.
export * from './client';
export {
  generateTestHeaders, type KupaEvent, type KupaEventType, kupaWebhookHandler, verifyWebhook, type VerifyOptions, WebhookVerificationError,
} from './webhooks';
