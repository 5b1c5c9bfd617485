/**
 * The rules for a learner's name (shown to other learners on the leaderboard), shared by the API
 * (registration and the profile) and anything in the browser that wants to check one first.
 *
 * A name is trimmed and normalised to NFC, so one written with combining accents and one written
 * with precomposed letters are the same name. It may not hold characters that reorder or hide
 * text (bidirectional controls, zero-width and other invisible characters), nor pile marks on one
 * letter. Every check walks the name once, code point by code point: no pattern here can
 * backtrack, and a name far too long is refused by its length before anything else looks at it.
 */

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 50;
/** Combining marks (accents, vowel signs, variation selectors) allowed on one base character. */
export const MAX_MARKS_PER_CHARACTER = 3;

export const usernameMessages = {
  length: `Username must be between ${USERNAME_MIN} and ${USERNAME_MAX} characters.`,
  control: 'Username cannot contain control characters.',
  bidi: 'Username cannot contain characters that change the direction of text.',
  invisible: 'Username cannot contain invisible characters, such as zero-width spaces.',
  marks: `Username cannot stack more than ${MAX_MARKS_PER_CHARACTER} accents or marks on one character.`,
} as const;

/**
 * More UTF-16 units than this cannot make a valid name even after NFC (which composes at most a
 * few code points into one, and a code point takes at most two units): refused unread.
 */
const RAW_LIMIT = USERNAME_MAX * 8;

/** The name as stored: trimmed, then NFC. */
export function normalizeUsername(raw: string): string {
  return raw.trim().normalize('NFC');
}

// Each pattern below tests one code point (anchored, one class): none can backtrack.
/** C0 and C1 control characters, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /^[\u0000-\u001f\u007f-\u009f\u2028\u2029]$/u;
/** Embeddings, overrides, isolates, the left-to-right, right-to-left and Arabic letter marks. */
const BIDI = /^[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]$/u;
/** Format characters and everything Unicode says to draw as nothing (zero-width space, joiners, BOM, Hangul fillers, tags…). */
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
/** Variation selectors choose a glyph (the red heart ❤️): marks on the character before them. */
const VARIATION_SELECTOR = /^[\ufe00-\ufe0f]$/u;
const MARK = /^\p{M}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
/** What may sit between a pictograph and a zero-width joiner: a skin tone or the emoji variation selector. */
const SKIN_TONE = /^[\u{1f3fb}-\u{1f3ff}]$/u;
const EMOJI_STYLE = '\ufe0f';
const ZWJ = '\u200d';

/** A zero-width joiner inside an emoji sequence (👩‍💻): between two pictographs, it draws one picture. */
function joinsEmoji(points: readonly string[], at: number): boolean {
  const next = points[at + 1];
  if (next === undefined || !PICTOGRAPHIC.test(next)) return false;
  // Step back over at most a skin tone and a variation selector.
  for (let i = at - 1; i >= Math.max(0, at - 3); i -= 1) {
    const point = points[i] as string;
    if (PICTOGRAPHIC.test(point)) return true;
    if (point !== EMOJI_STYLE && !SKIN_TONE.test(point)) return false;
  }
  return false;
}

/**
 * What is wrong with a name already normalised (normalizeUsername), in a fixed order: the length
 * (alone when the name is too long to read further), control characters, direction controls,
 * invisible characters, stacked marks. Empty when the name is fine.
 */
export function usernameProblems(name: string): string[] {
  if (name.length > RAW_LIMIT) return [usernameMessages.length];
  const points = [...name];
  const problems = new Set<string>();
  if (points.length < USERNAME_MIN || points.length > USERNAME_MAX) {
    problems.add(usernameMessages.length);
    if (points.length > USERNAME_MAX) return [...problems];
  }
  let marks = 0;
  for (const [at, point] of points.entries()) {
    if (CONTROL.test(point)) problems.add(usernameMessages.control);
    else if (BIDI.test(point)) problems.add(usernameMessages.bidi);
    else if (VARIATION_SELECTOR.test(point) || (MARK.test(point) && !INVISIBLE.test(point))) {
      marks += 1;
      if (marks > MAX_MARKS_PER_CHARACTER) problems.add(usernameMessages.marks);
      continue;
    } else if (INVISIBLE.test(point) && !(point === ZWJ && joinsEmoji(points, at))) problems.add(usernameMessages.invisible);
    marks = 0;
  }
  const order = Object.values(usernameMessages) as string[];
  return [...problems].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
