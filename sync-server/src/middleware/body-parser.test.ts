import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@shared/api/candidates.contract';
import { inChosenOrder, placedUploadName } from './body-parser';

/** Names as formidable asks for them: one call per file part, in the order the parts arrive. */
function namesFor(form: object, count: number): string[] {
  return Array.from({ length: count }, (_, i) => placedUploadName(`file-${i}`, '', {}, form));
}

describe('upload order', () => {
  it('puts files that finished uploading in any order back in the order they were chosen', () => {
    const chosen = namesFor({}, IMPORT_LIMITS.maxFiles).map((newFilename, place) => ({ newFilename, place }));
    // The order formidable handed them over in one run: small files before big ones, say.
    const handedOver = [chosen[9], chosen[2], chosen[0], chosen[7], chosen[1], chosen[8], chosen[3], chosen[6], chosen[5], chosen[4]];
    expect(inChosenOrder(handedOver.map((file) => file!)).map((file) => file.place)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('counts places per request, so uploads running at once do not share a count', () => {
    const first = {};
    const second = {};
    const names = [placedUploadName('a', '', {}, first), placedUploadName('b', '', {}, second), placedUploadName('c', '', {}, first)];
    expect(names.map((name) => name.match(/^rephire-upload-(\d+)-/)?.[1])).toEqual(['0000', '0000', '0001']);
    expect(new Set(names).size).toBe(3);
  });
});
