import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'

// The casting list's filter and sort live in the query string, so a filtered view can be shared,
// survives a reload, and the detail page's Previous/Next follow the same order.

/** Applications per page of the casting list (the first load asks for one page). */
export const CASTING_PAGE_SIZE = 50

export const SORT_FIELDS = ['SUBMITTED_AT', 'NAME', 'SCORE', 'STATUS', 'TYPE'] as const
export type SortField = (typeof SORT_FIELDS)[number]
export type SortDirection = 'ASC' | 'DESC'

/** The `parts` filter value for "no part assigned yet" (the server's convention). */
export const NO_PART = ''
/** How NO_PART is spelled in a URL (an empty value would be lost by most hand-edited links). */
export const NO_PART_PARAM = '~none'

export interface CastingView {
  types: string[]
  statuses: ApplicationStatus[]
  parts: string[]
  minScore: number | null
  maxScore: number | null
  search: string
  sort: SortField
  direction: SortDirection
}

export const DEFAULT_VIEW: CastingView = {
  types: [],
  statuses: [],
  parts: [],
  minScore: null,
  maxScore: null,
  search: '',
  sort: 'SUBMITTED_AT',
  direction: 'ASC',
}

function score(value: string | null): number | null {
  if (value === null || value.trim() === '') return null
  const n = Number(value)
  return Number.isFinite(n) && n >= 1 && n <= 5 ? n : null
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)]
}

/** Read the view from a query string; anything unknown or malformed falls back to the default. */
export function viewFromParams(params: URLSearchParams): CastingView {
  const sort = params.get('sort')
  const dir = params.get('dir')
  return {
    types: unique(params.getAll('type').filter(Boolean)),
    statuses: unique(
      params
        .getAll('status')
        .filter((s): s is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(s)),
    ),
    parts: unique(
      params
        .getAll('part')
        .filter((p) => p.trim() !== '')
        .map((p) => (p === NO_PART_PARAM ? NO_PART : p)),
    ),
    minScore: score(params.get('min')),
    maxScore: score(params.get('max')),
    search: (params.get('q') ?? '').slice(0, 200),
    sort: (SORT_FIELDS as readonly string[]).includes(sort ?? '') ? (sort as SortField) : DEFAULT_VIEW.sort,
    direction: dir === 'DESC' ? 'DESC' : 'ASC',
  }
}

/** Write the view as a query string, leaving defaults out so the plain list has a plain URL. */
export function paramsFromView(view: CastingView): URLSearchParams {
  const params = new URLSearchParams()
  for (const t of view.types) params.append('type', t)
  for (const s of view.statuses) params.append('status', s)
  for (const p of view.parts) params.append('part', p === NO_PART ? NO_PART_PARAM : p)
  if (view.minScore !== null) params.set('min', String(view.minScore))
  if (view.maxScore !== null) params.set('max', String(view.maxScore))
  if (view.search.trim()) params.set('q', view.search.trim())
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort)
  if (view.direction !== DEFAULT_VIEW.direction) params.set('dir', view.direction)
  return params
}

/** `?…` for links that keep the view (empty when it is the default). */
export function viewQuery(view: CastingView): string {
  const s = paramsFromView(view).toString()
  return s ? `?${s}` : ''
}

/** The GraphQL `filter` and `sort` arguments of a view. */
export function queryArgs(view: CastingView) {
  return {
    filter: {
      types: view.types.length ? view.types : null,
      statuses: view.statuses.length ? view.statuses : null,
      parts: view.parts.length ? view.parts : null,
      minScore: view.minScore,
      maxScore: view.maxScore,
      search: view.search.trim() || null,
    },
    sort: { field: view.sort, direction: view.direction },
  }
}

/** Add a value to a facet, or take it out when it is there. */
export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value]
}
