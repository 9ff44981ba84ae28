export const INVOICING = {
  DocumentRepository: Symbol.for('DocumentRepository'),
};
