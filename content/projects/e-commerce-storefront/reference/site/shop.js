// The reference for the checks, in plain JavaScript with hash routes: the learner's version is React + TypeScript.
const NAMES = ['Mug', 'Teapot', 'Notebook', 'Pencil case', 'Tote bag', 'Poster', 'Socks', 'Cap'];
const PRODUCTS = NAMES.map((name, i) => ({ id: String(i + 1), name, price: 5 + i * 3, description: `A good ${name.toLowerCase()}.` }));
const IMAGE = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2260%22 height=%2260%22%3E%3Crect width=%2260%22 height=%2260%22 fill=%22%23ddd%22/%3E%3C/svg%3E';
const view = document.getElementById('view');
let cart = JSON.parse(localStorage.getItem('cart') ?? '{}');

const euros = (n) => `${n.toFixed(2)} €`;
const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};
function setCart(next) {
  cart = next;
  localStorage.setItem('cart', JSON.stringify(cart));
  document.getElementById('cart-count').textContent = String(Object.values(cart).reduce((a, b) => a + b, 0));
}
function notFound() { view.replaceChildren(el('h1', { id: 'not-found', textContent: 'Not found' }), el('a', { href: '#/', textContent: 'Back to the shop' })); }
const routes = [
  [/^\/$/, () => view.replaceChildren(el('h1', { textContent: 'Products' }), ...PRODUCTS.map((p) =>
    el('article', { className: 'product' }, el('img', { src: IMAGE, alt: p.name, width: 60, height: 60 }), el('h2', {}, el('a', { href: `#/products/${p.id}`, textContent: p.name })), el('p', { textContent: euros(p.price) }))))],
  [/^\/products\/([^/]+)$/, (id) => {
    const p = PRODUCTS.find((x) => x.id === id);
    if (!p) return notFound();
    view.replaceChildren(el('h1', { textContent: p.name }), el('p', { textContent: p.description }), el('p', { textContent: euros(p.price) }),
      el('button', { type: 'button', className: 'add-to-cart', textContent: 'Add to cart', onclick: () => setCart({ ...cart, [p.id]: (cart[p.id] ?? 0) + 1 }) }));
  }],
  [/^\/cart$/, () => {
    const lines = Object.entries(cart).map(([id, qty]) => ({ p: PRODUCTS.find((x) => x.id === id), qty })).filter((l) => l.p);
    view.replaceChildren(el('h1', { textContent: 'Cart' }), ...lines.map(({ p, qty }) => el('div', { className: 'cart-item' },
      el('span', { textContent: `${p.name} × ` }),
      el('input', { type: 'number', min: 1, value: qty, ariaLabel: `Quantity of ${p.name}`, onchange: (e) => setCart({ ...cart, [p.id]: Math.max(1, Number(e.target.value)) }) }),
      el('button', { type: 'button', textContent: 'Remove', onclick: () => { const { [p.id]: _, ...rest } = cart; setCart(rest); render(); } }))),
      el('p', { id: 'cart-total', textContent: `Total: ${euros(lines.reduce((s, l) => s + l.p.price * l.qty, 0))}` }), el('a', { href: '#/checkout', textContent: 'Checkout' }));
  }],
  [/^\/checkout$/, () => {
    const fields = [['name', 'Name', (v) => v.trim() !== ''], ['email', 'Email', (v) => /^\S+@\S+\.\S+$/.test(v)], ['address', 'Address', (v) => v.trim() !== ''], ['postal', 'Postal code', (v) => /^[A-Za-z0-9 -]{3,10}$/.test(v)]];
    const form = el('form', { noValidate: true }, ...fields.map(([name, label]) => el('p', {}, el('label', { htmlFor: name, textContent: label }), el('input', { id: name, name }), el('span', { id: `${name}-error` }))), el('button', { type: 'submit', textContent: 'Place order' }));
    form.onsubmit = (event) => {
      event.preventDefault();
      let ok = true;
      for (const [name, label, valid] of fields) {
        const input = form.elements[name];
        const good = valid(input.value);
        ok &&= good;
        input.setAttribute('aria-invalid', String(!good));
        document.getElementById(`${name}-error`).textContent = good ? '' : `Enter a valid ${label.toLowerCase()}.`;
      }
      if (ok) { setCart({}); view.replaceChildren(el('h1', { textContent: 'Thank you: your order is placed' })); }
    };
    view.replaceChildren(el('h1', { textContent: 'Checkout' }), form);
  }],
];
function render() {
  const path = location.hash.replace(/^#/, '') || '/';
  for (const [pattern, show] of routes) {
    const match = path.match(pattern);
    if (match) return show(...match.slice(1));
  }
  notFound();
}
addEventListener('hashchange', render);
setCart(cart);
render();
