// The customers module's face for other modules' specifications: object mothers, never for production code.
export { aCustomer } from './application/testing/mothers';
