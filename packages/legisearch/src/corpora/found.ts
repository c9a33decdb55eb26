import * as z from 'zod'
import { highlightSchema } from '../text/highlight.js'

/** A saved document's reference on a result (spec 2.7). */
export const savedBucketRefSchema = z
  .strictObject({
    _id: z.string().meta({ description: 'The saved item.' }),
    monitorId: z.string(),
    originId: z.string().meta({ description: "The saved document's id; equals the result's own `id`." }),
    monitorName: z.string(),
  })
  .meta({ id: 'SavedBucketRef' })

export type SavedBucketRef = z.output<typeof savedBucketRefSchema>

/** What every search result adds to its record: highlights, and the calling client's monitors holding it. */
export function found<Shape extends z.core.$ZodShape, Config extends z.core.$ZodObjectConfig>(record: z.ZodObject<Shape, Config>) {
  return record.extend({
    highlights: z.array(highlightSchema),
    savedBuckets: z.array(savedBucketRefSchema).meta({ description: "The calling client's monitors holding this document." }),
  })
}
