import { ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { DIVERSITY_BATCH } from '#core/applications/diversity.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { DiversityReportQuery as ReportData } from '#client/gql/graphql.ts'
import { DiversityReportQuery } from '../graphql/diversity-report.query.ts'

type Report = ReportData['diversityReport']
type Question = Report['questions'][number]

type Count = Question['counts'][number]

const COLUMNS: DataColumn<Count>[] = [
  { key: 'answer', header: 'Answer', rowHeader: true, className: 'break-words', cell: (row) => row.answer },
  {
    key: 'count',
    header: 'Responses',
    align: 'end',
    headerClassName: 'w-28',
    className: 'font-semibold tabular-nums',
    cell: (row) => row.count,
  },
]

function QuestionTable({ question }: { question: Question }) {
  return (
    <li>
      <DataTable
        caption={question.label}
        showCaption
        scroll={false}
        columns={COLUMNS}
        rows={question.counts}
        rowKey={(row) => row.answer}
        density="compact"
      />
    </li>
  )
}

/**
 * `/admin/acceptance/{eventSlug}/diversity`: an event's diversity survey in aggregate. The server
 * sends only counts of whole batches of answers (groups of 1–4 as "<5", no group of all or nearly
 * all), never a response beside a name.
 */
export function DiversityReportPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: DiversityReportQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <QueryView
        query={query}
        loadingLabel="Loading the diversity report…"
        what="the diversity report"
        notFound={notFound}
      >
        {({ diversityReport: report }) => (
          <>
            <title>{`Diversity report: ${report.event.title} · Stagedoor`}</title>
            <nav aria-label="Breadcrumb" className="text-sm">
              <ol className="flex flex-wrap gap-x-2">
                <li>
                  <Link to="/admin/acceptance" className="text-brand-800 underline">
                    Acceptance
                  </Link>
                  <span aria-hidden="true"> ›</span>
                </li>
                <li>
                  <Link
                    to={`/admin/acceptance/${encodeURIComponent(report.event.slug)}`}
                    className="text-brand-800 underline"
                  >
                    {report.event.title}
                  </Link>
                </li>
              </ol>
            </nav>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
              Diversity report
            </h1>
            <p className="mt-1 text-lg text-slate-700">{report.event.title}</p>
            <div className="mt-6 flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-950">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <div className="space-y-1">
                <p>
                  Answers to the diversity survey are anonymous: they are stored apart from applications and
                  are never linked to names, so this report shows totals only.
                </p>
                <p>
                  Answers are added in batches of {DIVERSITY_BATCH}: the report changes only when{' '}
                  {DIVERSITY_BATCH} more people have answered, never with one answer, and answers that do not
                  yet make up a batch are not counted here.
                </p>
                <p>
                  Any group of fewer than 5 people is hidden and shown as “&lt;5”. Where a hidden group could
                  be worked out from the others, or a group is all or nearly all of the responses, it is
                  hidden too (“—”), so nobody can be picked out. “Not answered” counts responses that skipped
                  a question.
                </p>
              </div>
            </div>
            {report.withheld ? (
              <Panel padding="compact" className="mt-6">
                <h2 className="text-xl font-bold text-brand-950">Not enough responses to report</h2>
                <p className="mt-1 text-slate-700">
                  The first batch of {DIVERSITY_BATCH} answers to the diversity survey for this event is not
                  complete yet, so nothing is shown: with so few answers, a total could point to one person.
                  The report appears once {DIVERSITY_BATCH} people have answered. Members are invited to
                  answer it after they apply; it is optional.
                </p>
              </Panel>
            ) : (
              <>
                <p className="mt-6 text-lg text-slate-900">
                  <span className="font-bold">{report.total}</span> responses reported
                </p>
                <section aria-labelledby="diversity-questions-heading" className="mt-4">
                  <h2 id="diversity-questions-heading" className="sr-only">
                    Answers per question
                  </h2>
                  <ul className="grid gap-4 md:grid-cols-2">
                    {report.questions.map((question) => (
                      <QuestionTable key={question.key} question={question} />
                    ))}
                  </ul>
                </section>
              </>
            )}
          </>
        )}
      </QueryView>
    </div>
  )
}
