export const REQUEST_LOG = {
  ApiRequestRepository: Symbol.for('ApiRequestRepository'),
};
