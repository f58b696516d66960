import { graphql } from '#client/gql/gql.ts'

/**
 * `/admin/acceptance/:eventSlug/diversity`: the survey in aggregate. `counts` takes a literal limit
 * (a question has at most 10 answers) so the query cost counts 10 rows, not 100.
 */
export const DiversityReportQuery = graphql(`
  query DiversityReport($eventSlug: String!) {
    diversityReport(eventSlug: $eventSlug) {
      event {
        ...EventChoiceFields
      }
      withheld
      total
      questions {
        key
        label
        counts(limit: 10) {
          answer
          count
        }
      }
    }
  }
`)
