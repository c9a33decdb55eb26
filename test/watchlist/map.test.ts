import { describe, expect, it } from 'vitest'
import { englishDate, lastReviewOf } from '../../packages/legisearch/src/watchlist/map.js'

describe('english dates of the narratives', () => {
  it('reads day, month name and year', () => {
    expect(englishDate('21 February 2019')).toBe('2019-02-21')
    expect(englishDate('15 Jun. 2010')).toBe('2010-06-15')
    expect(englishDate('3 Sept 2008')).toBe('2008-09-03')
  })

  it('refuses days that are not on the calendar', () => {
    expect(englishDate('31 Feb 2019')).toBeNull()
    expect(englishDate('29 Feb 2019')).toBeNull()
    expect(englishDate('29 Feb 2020')).toBe('2020-02-29')
    expect(englishDate('0 March 2019')).toBeNull()
  })

  it('keeps the latest real review date and skips impossible ones', () => {
    const n =
      'Review pursuant to resolution 1822 (2008) was concluded on 21 Jul. 2010. Review pursuant to resolution 2161 (2014) was concluded on 31 Feb. 2019.'
    expect(lastReviewOf(n)).toBe('2010-07-21')
  })
})
