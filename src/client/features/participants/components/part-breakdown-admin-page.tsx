import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { AdminBreakdownEventQuery } from '../graphql/participants.queries.ts'
import { Attachments } from './part-breakdown-admin/attachments-editor.tsx'
import { CellsEditor } from './part-breakdown-admin/cells-editor.tsx'
import { CsvImport } from './part-breakdown-admin/csv-import.tsx'
import { NumbersEditor } from './part-breakdown-admin/numbers-editor.tsx'

type ConfigTypes = Record<string, { label?: string }>

function typesOf(config: unknown): ConfigTypes {
  const types = (config as { applicationTypes?: ConfigTypes } | null)?.applicationTypes
  return types && typeof types === 'object' ? types : {}
}

/** `/admin/events/:slug/part-breakdown`: numbers, cells, CSV import and info-pack attachments. */
export function PartBreakdownAdminPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams()
  const query = useQuery({
    query: AdminBreakdownEventQuery,
    variables: { eventSlug: slug },
    requestPolicy: 'cache-and-network',
  })
  const [, reexecute] = query
  const refresh = () => reexecute({ requestPolicy: 'network-only' })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8">
      <QueryView
        query={query}
        loadingLabel="Loading the part breakdown…"
        what="the part breakdown"
        notFound={notFound}
      >
        {(data) => (
          <>
            <title>{`Part breakdown · ${data.adminEvent.title} · Admin · Stagedoor`}</title>
            <p className="text-sm font-medium text-brand-800">{data.adminEvent.title}</p>
            <h1 className="text-3xl font-extrabold tracking-tight text-brand-950">
              Part breakdown and info pack
            </h1>
            <NumbersEditor
              key={data.partBreakdown.numbers.map((n) => n.id).join()}
              slug={slug}
              numbers={data.partBreakdown.numbers}
              onSaved={refresh}
            />
            <CellsEditor slug={slug} data={data.partBreakdown} onSaved={refresh} />
            <CsvImport slug={slug} parts={data.partBreakdown.parts} onSaved={refresh} />
            <Attachments
              slug={slug}
              types={typesOf(data.adminEvent.eventConfig)}
              attachments={data.eventAttachments}
              onSaved={refresh}
            />
          </>
        )}
      </QueryView>
    </div>
  )
}
