import { graphql } from '#client/gql/gql.ts'

/** The money recorded in a range, by payment method (the Money page). */
export const MoneyInRangeQuery = graphql(`
  query MoneyInRange($from: String!, $to: String!) {
    moneyInRange(from: $from, to: $to) {
      ...MoneyByMethodFields
    }
  }
`)

/** Card payments and refunds with Stripe's fees, as CSV (the treasurer's payouts). */
export const PayoutsCsvQuery = graphql(`
  query PayoutsCsv($from: String!, $to: String!) {
    payoutsCsv(from: $from, to: $to)
  }
`)

/** Every payment and refund by any method, as CSV (the cash book). */
export const MoneyReceivedCsvQuery = graphql(`
  query MoneyReceivedCsv($from: String!, $to: String!) {
    moneyReceivedCsv(from: $from, to: $to)
  }
`)
