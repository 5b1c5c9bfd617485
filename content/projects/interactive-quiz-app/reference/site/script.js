const QUESTIONS = [
  ['Which element holds the main content?', ['<main>', '<div>', '<span>'], 0],
  ['Which property sets the text color?', ['font', 'color', 'fill'], 1],
  ['Which method adds a listener?', ['on()', 'listen()', 'addEventListener()'], 2],
  ['Which storage survives a reload?', ['sessionStorage only', 'localStorage', 'a variable'], 1],
  ['Which tag makes a link?', ['<a>', '<link>', '<href>', '<url>'], 0],
  ['What does const declare?', ['A constant binding', 'A function', 'A class'], 0],
  ['Which unit is relative to the root font size?', ['px', 'em', 'rem'], 2],
  ['Which sets an interval timer?', ['setTimeout', 'setInterval', 'requestAnimationFrame'], 1],
  ['Which element is focusable by default?', ['<div>', '<button>', '<p>'], 1],
  ['What does JSON.parse return for "[]"?', ['An array', 'A string', 'null'], 0],
];
const SECONDS = 15;
const $ = (id) => document.getElementById(id);
let current = 0, answers = [], timer = null, left = SECONDS;

$('best-score').textContent = localStorage.getItem('bestScore') ?? '0';

function show(screen) {
  for (const id of ['start-screen', 'quiz-screen', 'results-screen']) $(id).hidden = id !== screen;
}
function start() {
  current = 0; answers = []; $('feedback').textContent = '';
  show('quiz-screen');
  showQuestion();
}
function showQuestion() {
  const [text, choices] = QUESTIONS[current];
  $('progress').textContent = `${current + 1} / ${QUESTIONS.length}`;
  $('question').textContent = text;
  $('choices').replaceChildren(...choices.map((choice, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = choice;
    button.addEventListener('click', () => answer(index));
    return button;
  }));
  left = SECONDS;
  $('timer').textContent = String(left);
  clearInterval(timer);
  timer = setInterval(() => {
    left -= 1;
    $('timer').textContent = String(left);
    if (left <= 0) answer(null);
  }, 1000);
}
function answer(index) {
  clearInterval(timer);
  const [, choices, right] = QUESTIONS[current];
  answers.push(index);
  $('feedback').textContent = index === right ? 'Right!' : `Wrong: the answer was ${choices[right]}`;
  current += 1;
  if (current < QUESTIONS.length) showQuestion();
  else finish();
}
function finish() {
  const score = answers.filter((a, i) => a === QUESTIONS[i][2]).length;
  $('score').textContent = String(score);
  $('results').replaceChildren(...QUESTIONS.map(([text, choices, right], i) => {
    const li = document.createElement('li');
    const given = answers[i] === null ? 'no answer (time ran out)' : choices[answers[i]];
    li.textContent = `${text} Right answer: ${choices[right]}. Yours: ${given}.`;
    return li;
  }));
  const best = Math.max(score, Number(localStorage.getItem('bestScore') ?? 0));
  localStorage.setItem('bestScore', String(best));
  $('best-score').textContent = String(best);
  show('results-screen');
}
$('start').addEventListener('click', start);
$('play-again').addEventListener('click', start);
