import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MARKS_PER_CHARACTER, normalizeUsername, USERNAME_MAX, usernameMessages, usernameProblems } from './usernames';

const check = (raw: string) => usernameProblems(normalizeUsername(raw));

describe('a learner’s name', () => {
  it('is trimmed and stored in NFC', () => {
    expect(normalizeUsername('  Jose\u0301  ')).toBe('Jos\u00E9');
    expect(normalizeUsername('Jos\u00E9')).toBe(normalizeUsername('Jose\u0301'));
  });

  it('keeps names in any script, with accents, and emoji (joined ones too)', () => {
    for (const name of ['Ada Lovelace', 'Zoë Ångström', 'Nguyễn Thị Ánh', 'محمد علي', 'שָּׁלוֹם', 'कृष्ण मूर्ति', 'Ada 👩‍💻', 'Ada 👩🏽‍💻', 'Ada ❤️', '1️⃣ Ada']) {
      expect(check(name), name).toEqual([]);
    }
  });

  it.each([
    ['\u202A', 'LRE'],
    ['\u202B', 'RLE'],
    ['\u202C', 'PDF'],
    ['\u202D', 'LRO'],
    ['\u202E', 'RLO'],
    ['\u2066', 'LRI'],
    ['\u2067', 'RLI'],
    ['\u2068', 'FSI'],
    ['\u2069', 'PDI'],
    ['\u200E', 'LRM'],
    ['\u200F', 'RLM'],
    ['\u061C', 'ALM'],
  ])('refuses a direction control (%s, %s)', (control) => {
    expect(check(`Ada${control}Lovelace`)).toEqual([usernameMessages.bidi]);
  });

  it.each([
    ['\u200B', 'zero-width space'],
    ['\u200C', 'zero-width non-joiner'],
    ['\u200D', 'zero-width joiner between letters'],
    ['\u2060', 'word joiner'],
    ['\uFEFF', 'zero-width no-break space'],
    ['\u00AD', 'soft hyphen'],
    ['\u034F', 'combining grapheme joiner'],
    ['\u3164', 'Hangul filler'],
    ['\u2061', 'invisible function application'],
    ['\u{E0041}', 'tag letter'],
  ])('refuses an invisible character (%s, %s)', (invisible) => {
    expect(check(`Ada${invisible}Lovelace`)).toEqual([usernameMessages.invisible]);
  });

  it(`allows up to ${MAX_MARKS_PER_CHARACTER} marks on a character, not more`, () => {
    expect(check(`Ada${'\u0336'.repeat(MAX_MARKS_PER_CHARACTER)}`)).toEqual([]);
    expect(check(`Ada${'\u0336'.repeat(MAX_MARKS_PER_CHARACTER + 1)}`)).toEqual([usernameMessages.marks]);
    expect(check(`A${'\u0336'.repeat(49)}`)).toEqual([usernameMessages.marks]);
    // Marks with no character under them count the same.
    expect(check(`${'\u0336'.repeat(MAX_MARKS_PER_CHARACTER + 1)}Ada`)).toEqual([usernameMessages.marks]);
  });

  it('checks the length first: a long name is refused by it alone', () => {
    expect(check('A')).toEqual([usernameMessages.length]);
    expect(check('a'.repeat(USERNAME_MAX + 1))).toEqual([usernameMessages.length]);
    expect(check(`\u202E${'\u0336'.repeat(10_000)}`)).toEqual([usernameMessages.length]);
    expect(check('🦊'.repeat(USERNAME_MAX))).toEqual([]);
  });

  it('takes linear time: 16 KiB of the worst input is read in milliseconds', () => {
    for (const unit of ['\u0336', '\u200D', '👩\u200D', '\u202E', 'a']) {
      const raw = unit.repeat(16_384 / unit.length);
      const started = performance.now();
      usernameProblems(normalizeUsername(raw));
      usernameProblems(raw.slice(0, USERNAME_MAX * 8)); // the longest read in full
      expect(performance.now() - started).toBeLessThan(50);
    }
  });

  it('never accepts a name holding a direction control, a format character or a pile of marks', () => {
    const risky = fc.constantFrom('\u202E', '\u2067', '\u200F', '\u200B', '\u200D', '\uFEFF', '\u0301', '\u0336', 'a', ' ', '👩', '\uFE0F');
    fc.assert(
      fc.property(fc.array(risky, { minLength: 2, maxLength: 40 }), (parts) => {
        const name = normalizeUsername(parts.join(''));
        if (usernameProblems(name).length > 0) return;
        const points = [...name];
        expect(points.some((p) => /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u200C\u2060\uFEFF]/u.test(p))).toBe(false);
        let run = 0;
        for (const p of points) {
          run = /\p{M}/u.test(p) ? run + 1 : 0;
          expect(run).toBeLessThanOrEqual(MAX_MARKS_PER_CHARACTER);
        }
        // A joiner survives only between two pictographs.
        points.forEach((p, i) => {
          if (p === '\u200D') expect(points[i + 1]).toBe('👩');
        });
      }),
      { numRuns: 500 },
    );
  });
});
