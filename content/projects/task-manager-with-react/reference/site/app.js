// The reference for the checks, in plain JavaScript: the learner's version is React.
const $ = (id) => document.getElementById(id);
let tasks = JSON.parse(localStorage.getItem('tasks') ?? '[]');
let filter = 'all';

function save() { localStorage.setItem('tasks', JSON.stringify(tasks)); render(); }
function move(index, by) {
  const to = index + by;
  if (to < 0 || to >= tasks.length) return;
  [tasks[index], tasks[to]] = [tasks[to], tasks[index]];
  save();
}
function button(label, className, onClick) {
  const b = document.createElement('button');
  b.type = 'button'; b.textContent = label; b.className = className;
  b.addEventListener('click', onClick);
  return b;
}
function render() {
  const visible = tasks.filter((t) => filter === 'all' || (filter === 'active' ? !t.done : t.done));
  $('tasks').replaceChildren(...visible.map((task) => {
    const index = tasks.indexOf(task);
    const li = document.createElement('li');
    const title = document.createElement('span');
    title.textContent = task.title;
    li.append(title,
      button(task.done ? 'Mark active' : 'Complete', 'toggle', () => { task.done = !task.done; save(); }),
      button('Rename', 'rename', () => { const t = prompt('New title', task.title); if (t?.trim()) { task.title = t.trim(); save(); } }),
      button('Move up', 'move-up', () => move(index, -1)),
      button('Move down', 'move-down', () => move(index, 1)),
      button('Delete', 'delete', () => { tasks.splice(index, 1); save(); }));
    return li;
  }));
  $('remaining').textContent = String(tasks.filter((t) => !t.done).length);
}
$('task-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const title = $('new-task').value.trim();
  $('form-error').replaceChildren();
  if (!title) {
    const alert = document.createElement('span');
    alert.setAttribute('role', 'alert');
    alert.textContent = 'Enter a title for the task.';
    $('form-error').append(alert);
    return;
  }
  tasks.push({ id: crypto.randomUUID(), title, done: false });
  $('new-task').value = '';
  save();
});
for (const b of document.querySelectorAll('.filter')) b.addEventListener('click', () => { filter = b.dataset.filter; render(); });
render();
