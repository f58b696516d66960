import { describe, expect, it } from 'vitest'
import {
  DEFAULT_VIEW,
  NO_PART,
  paramsFromView,
  queryArgs,
  toggle,
  viewFromParams,
  viewQuery,
  type CastingView,
} from './casting-url.ts'

const view = (overrides: Partial<CastingView>): CastingView => ({ ...DEFAULT_VIEW, ...overrides })

describe('casting filter ⇄ URL', () => {
  it('leaves the default view out of the URL', () => {
    expect(paramsFromView(DEFAULT_VIEW).toString()).toBe('')
    expect(viewQuery(DEFAULT_VIEW)).toBe('')
    expect(viewFromParams(new URLSearchParams())).toEqual(DEFAULT_VIEW)
  })

  it('round-trips every facet, the score range, the search and the sort', () => {
    const full = view({
      types: ['singer', 'crew'],
      statuses: ['SUBMITTED', 'OFFERED'],
      parts: ['Baker', NO_PART],
      minScore: 2.5,
      maxScore: 5,
      search: 'Ann & Co',
      sort: 'SCORE',
      direction: 'DESC',
    })
    const query = viewQuery(full)
    expect(query).toBe(
      '?type=singer&type=crew&status=SUBMITTED&status=OFFERED&part=Baker&part=%7Enone&min=2.5&max=5&q=Ann+%26+Co&sort=SCORE&dir=DESC',
    )
    expect(viewFromParams(new URLSearchParams(query))).toEqual(full)
  })

  it('ignores what it does not know: bad statuses, sorts, scores and duplicates', () => {
    const parsed = viewFromParams(
      new URLSearchParams(
        'status=NOPE&status=PAID&status=PAID&sort=AGE&dir=sideways&min=9&max=x&type=&part=',
      ),
    )
    expect(parsed).toEqual(view({ statuses: ['PAID'] }))
  })

  it('turns the view into GraphQL arguments with nulls for "any"', () => {
    expect(queryArgs(DEFAULT_VIEW)).toEqual({
      filter: { types: null, statuses: null, parts: null, minScore: null, maxScore: null, search: null },
      sort: { field: 'SUBMITTED_AT', direction: 'ASC' },
    })
    expect(queryArgs(view({ parts: [NO_PART], search: '  jo ' })).filter).toMatchObject({
      parts: [''],
      search: 'jo',
    })
  })

  it('toggles a chip on and off', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b'])
    expect(toggle(['a', 'b'], 'a')).toEqual(['b'])
  })
})
