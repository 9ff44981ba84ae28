import { CountFailedCharges } from './application/count-failed-charges';
import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import type { QueueDefinition } from '../../platform/jobs/job-queue';
import { CancelCharge } from './application/cancel-charge';
import { CaptureCharge } from './application/capture-charge';
import { AnswerPaymentChallenge } from './application/money/answer-payment-challenge';
import { SettlePaymentAttempt } from './application/money/settle-payment-attempt';
import { PrepareHostedCharge } from './application/money/prepare-hosted-charge';
import { RefundLatePayment } from './application/money/refund-late-payment';
import { CheckCardInFields } from './application/money/check-card-in-fields';
import { AwaitPaymentAttempt } from './application/money/await-payment-attempt';
import { ChargeBook } from './application/charge-book';
import { CreatePaymentMethod } from './application/create-payment-method';
import { CreateRefund } from './application/create-refund';
import { ChargeSavedCard } from './application/money/charge-saved-card';
import { GetRefund } from './application/get-refund';
import { ListRefunds } from './application/list-refunds';
import { DetachPaymentMethod } from './application/detach-payment-method';
import { AttemptsInFlight } from './application/money/attempts-in-flight';
import { CardTokens } from './application/card-tokens';
import { EndHold } from './application/end-hold';
import { FinishChargeOperation } from './application/money/finish-charge-operation';
import { ReconcileMoneyIntents } from './application/money/reconcile-money-intents';
import { ExpireHolds } from './application/expire-holds';
import { GetCharge } from './application/get-charge';
import { GetPaymentMethod } from './application/get-payment-method';
import { ListCharges } from './application/list-charges';
import { ListExpiringCards } from './application/list-expiring-cards';
import { ListPaymentMethods } from './application/list-payment-methods';
import { MoneyDriver } from './application/money/money-driver';
import { MoneyGate } from './application/money/money-gate';
import { RecordPaymentAttempt } from './application/money/record-payment-attempt';
import { RecordSavedCardCharge } from './application/money/record-saved-card-charge';
import { StartPaymentAttempt } from './application/money/start-payment-attempt';
import { TokenizeCard } from './application/tokenize-card';
import {
  PgChargeOperationRepository,
  PgChargeRepository,
  PgMoneyIntentRepository,
  PgPaymentAttemptRepository,
  PgPaymentMethodRepository,
  PgRefundRepository,
} from './infrastructure/postgres/payments.repository';
import {
  ChargeOperationSchema,
  ChargeSchema,
  PaymentAttemptSchema,
  PaymentMethodSchema,
  RefundSchema,
} from './infrastructure/postgres/payments.schema';
import { PgCardTokenRepository } from './infrastructure/postgres/card-token.repository';
import { ConnectedProcessorDirectory } from './infrastructure/processors/processor-directory';
import { PgProcessorConnectionRepository } from './infrastructure/postgres/processor-connection.repository';
import { ConnectTerminal } from './application/connect-terminal';
import { DescribeProcessor } from './application/describe-processor';
import { SimulatedProcessor } from './infrastructure/processors/simulated/simulated.connector';
import { PaymentsRouter } from './interfaces/http/payments.router';
import { HOLD_EXPIRY_QUEUE, INTENT_FINISHERS, PAYMENTS } from './payments.tokens';

export const paymentsEntities = [ChargeSchema, PaymentAttemptSchema, ChargeOperationSchema, PaymentMethodSchema, RefundSchema];

export function paymentsQueues(expireInSeconds: number): QueueDefinition[] {
  return [{ name: HOLD_EXPIRY_QUEUE, expireInSeconds: Math.max(expireInSeconds, 3600), retryLimit: 2 }];
}

/** Needs PAYMENTS.Settings bound by the composition root. */
export const paymentsModule = new ContainerModule(({ bind }) => {
  bind(PAYMENTS.ChargeRepository).to(PgChargeRepository).inSingletonScope();
  bind(PAYMENTS.PaymentAttemptRepository).to(PgPaymentAttemptRepository).inSingletonScope();
  bind(PAYMENTS.ChargeOperationRepository).to(PgChargeOperationRepository).inSingletonScope();
  bind(PAYMENTS.MoneyIntentRepository).to(PgMoneyIntentRepository).inSingletonScope();
  bind(PAYMENTS.PaymentMethodRepository).to(PgPaymentMethodRepository).inSingletonScope();
  bind(PAYMENTS.RefundRepository).to(PgRefundRepository).inSingletonScope();
  bind(PAYMENTS.CardTokenRepository).to(PgCardTokenRepository).inSingletonScope();
  bind(PAYMENTS.Processors).to(ConnectedProcessorDirectory).inSingletonScope();
  bind(PAYMENTS.ProcessorConnectionRepository).to(PgProcessorConnectionRepository).inSingletonScope();
  bindSingletons(bind, [
    CountFailedCharges,
    SimulatedProcessor,
    MoneyGate,
    ChargeBook,
    StartPaymentAttempt,
    AnswerPaymentChallenge,
    AwaitPaymentAttempt,
    SettlePaymentAttempt,
    PrepareHostedCharge,
    RefundLatePayment,
    CheckCardInFields,
    RecordPaymentAttempt,
    EndHold,
    CaptureCharge,
    CancelCharge,
    ExpireHolds,
    GetCharge,
    ListCharges,
    ListExpiringCards,
    TokenizeCard,
    CreatePaymentMethod,
    GetPaymentMethod,
    ListPaymentMethods,
    DetachPaymentMethod,
    PaymentsRouter,
    ConnectTerminal,
    DescribeProcessor,
    CreateRefund,
    GetRefund,
    ListRefunds,
    ChargeSavedCard,
    RecordSavedCardCharge,
    FinishChargeOperation,
    MoneyDriver,
    ReconcileMoneyIntents,
    AttemptsInFlight,
    CardTokens,
  ]);
  bind(INTENT_FINISHERS).toService(FinishChargeOperation);
});
