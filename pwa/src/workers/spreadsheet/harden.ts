/**
 * Imported first by the spreadsheet worker, before any parser loads: freezes the built-in prototypes,
 * so a crafted workbook or CSV header (e.g. "__proto__") cannot add properties every object inherits.
 * The worker holds nothing but parsers, so nothing else needs them writable.
 */
Object.freeze(Object.prototype);
Object.freeze(Array.prototype);
Object.freeze(Function.prototype);

export const prototypesFrozen = Object.isFrozen(Object.prototype);
