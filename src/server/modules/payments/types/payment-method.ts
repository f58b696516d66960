import { PAYMENT_METHODS } from '#core/applications/payments.ts'
import { builder } from '#server/graphql/builder.ts'

export const PaymentMethodEnum = builder.enumType('PaymentMethod', { values: PAYMENT_METHODS })
