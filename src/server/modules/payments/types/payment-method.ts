import { builder } from '#server/graphql/builder.ts'
import { PAYMENT_METHODS } from '../payment-provider.ts'

export const PaymentMethodEnum = builder.enumType('PaymentMethod', { values: PAYMENT_METHODS })
