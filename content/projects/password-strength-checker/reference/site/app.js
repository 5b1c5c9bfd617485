const COMMON = new Set(['password', '123456', '123456789', 'qwerty', 'password1', 'password123', 'iloveyou', 'admin', 'letmein', 'welcome']);
const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];
const $ = (id) => document.getElementById(id);

function entropyBits(password) {
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(password)) pool += 33;
  return Math.round(password.length * Math.log2(pool || 1));
}
function assess(password) {
  const bits = entropyBits(password);
  const score = COMMON.has(password.toLowerCase()) ? 0 : bits < 28 ? 0 : bits < 36 ? 1 : bits < 60 ? 2 : bits < 80 ? 3 : 4;
  const tips = [];
  if (password.length < 12) tips.push('Use at least 12 characters.');
  if (!/[^a-zA-Z]/.test(password)) tips.push('Mix in digits or symbols.');
  if (/(abc|123|qwe)/i.test(password)) tips.push('Avoid sequences such as abc or 123.');
  if (COMMON.has(password.toLowerCase())) tips.push('This is one of the most common passwords: pick another.');
  if (tips.length < 2) tips.push('A few unrelated words make a long, memorable password.');
  return { bits, score, tips: score <= 2 ? tips : [] };
}
$('password').addEventListener('input', () => {
  const { bits, score, tips } = assess($('password').value);
  $('score').textContent = String(score);
  $('meter').value = score;
  $('label').textContent = LABELS[score];
  $('entropy').textContent = `${bits} bits`;
  $('tips').replaceChildren(...tips.map((tip) => Object.assign(document.createElement('li'), { textContent: tip })));
});
$('toggle').addEventListener('click', () => {
  const shown = $('password').type === 'text';
  $('password').type = shown ? 'password' : 'text';
  $('toggle').textContent = shown ? 'Show' : 'Hide';
  $('toggle').setAttribute('aria-pressed', String(!shown));
});
$('form').addEventListener('submit', (event) => event.preventDefault());
// Only the first 5 characters of the SHA-1 hash leave the browser (k-anonymity).
$('breach').addEventListener('click', async () => {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode($('password').value));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
  try {
    const answer = await fetch(`https://api.pwnedpasswords.com/range/${hash.slice(0, 5)}`);
    const line = (await answer.text()).split('\n').find((l) => l.startsWith(hash.slice(5)));
    $('breach-result').textContent = line ? `Seen ${line.split(':')[1].trim()} times in breaches.` : 'Not found in known breaches.';
  } catch {
    $('breach-result').textContent = 'The breach check could not run: try again later.';
  }
});
