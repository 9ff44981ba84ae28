// The accounts module's face for other modules' specifications: object mothers, never for production code.
export { anAccount } from './application/testing/mothers';
