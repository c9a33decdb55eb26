import { LegisearchError } from '../common/errors.js'
import { shownPath } from '../common/shown.js'
import type { InputFile } from './define.js'

/**
 * A file refused: the message names the file, and the line or entry when known, and says that
 * nothing of the call was written (the runner rolls the call back).
 */
export function fileError(file: InputFile, at: number | string | null, message: string): LegisearchError {
  const where = at === null ? '' : typeof at === 'number' ? `, line ${at}` : `, ${at}`
  return new LegisearchError('invalid_parameters', `${shownPath(file.name)}${where}: ${message}; nothing of this call was written`, [
    'files',
    file.name,
  ])
}
