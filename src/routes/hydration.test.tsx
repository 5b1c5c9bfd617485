import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { adoptTypedText, resolveLazyRoutes, submitAgain, TakeOver, takeEarlySubmit, takeOverPrerenderedPage } from './hydration';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

/** A controlled form like the sign-in screen's: its state is what a submission would send. */
function Form() {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  return (
    <form>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <textarea aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
      <input type="checkbox" aria-label="Remember me" />
      <output>{`email=${email};note=${note}`}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The prerendered form on screen, before the app has started. */
function prerendered() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  return {
    container,
    email: container.querySelector('input') as HTMLInputElement,
    note: container.querySelector('textarea') as HTMLTextAreaElement,
    state: () => container.querySelector('output')?.textContent,
    /** The app starts and takes the markup over. */
    async hydrate() {
      await act(async () => {
        root = hydrateRoot(container, <Form />);
      });
    },
  };
}

describe('adoptTypedText', () => {
  it('hands text typed before hydration to the form state, and leaves untouched fields alone', async () => {
    const page = prerendered();
    page.email.value = 'ada@example.com'; // typed while the app was still loading
    await page.hydrate();
    // What this fixes: the text is on screen, the state does not know it.
    expect(page.email.value).toBe('ada@example.com');
    expect(page.state()).toBe('email=;note=');

    let adopted = 0;
    act(() => {
      adopted = adoptTypedText(page.container);
    });
    expect(adopted).toBe(1);
    expect(page.state()).toBe('email=ada@example.com;note=');
    expect(page.email.value).toBe('ada@example.com');
  });

  it('hands over every edited field, though adopting the first one re-renders the form', async () => {
    const page = prerendered();
    page.email.value = 'ada@example.com';
    page.note.value = 'typed second';
    await page.hydrate();
    act(() => {
      expect(adoptTypedText(page.container)).toBe(2);
    });
    expect(page.state()).toBe('email=ada@example.com;note=typed second');
    expect(page.note.value).toBe('typed second');
  });

  it('adopts textareas too, and a second call finds nothing left to hand over', async () => {
    const page = prerendered();
    page.note.value = 'I was here first';
    await page.hydrate();
    act(() => {
      expect(adoptTypedText(page.container)).toBe(1);
    });
    expect(page.state()).toBe('email=;note=I was here first');
    act(() => {
      expect(adoptTypedText(page.container)).toBe(0);
    });
  });

  it('does nothing on a page nobody typed into', async () => {
    const page = prerendered();
    await page.hydrate();
    expect(adoptTypedText(page.container)).toBe(0);
    expect(page.state()).toBe('email=;note=');
  });
});

describe('an early submission', () => {
  afterEach(() => {
    window.pathforgeEarlySubmit = undefined;
    window.pathforgeStarted = undefined;
    vi.useRealTimers();
  });

  function form() {
    const element = document.createElement('form');
    element.innerHTML = '<input name="email" value="ada@example.com"><button type="button">Show</button><button type="submit">Sign In</button>';
    document.body.append(element);
    const submissions: (HTMLElement | null)[] = [];
    element.addEventListener('submit', (event) => {
      event.preventDefault();
      submissions.push(event.submitter);
    });
    const [show, signIn] = element.querySelectorAll('button');
    return { element, submissions, show: show as HTMLButtonElement, signIn: signIn as HTMLButtonElement };
  }

  it('is taken once, and from then on the boot script notes no more', () => {
    const { element, signIn } = form();
    window.pathforgeEarlySubmit = { form: element, submitter: signIn };
    expect(takeEarlySubmit()).toEqual({ form: element, submitter: signIn });
    expect(window.pathforgeStarted).toBe(true);
    expect(takeEarlySubmit()).toBeNull();
  });

  it('is dropped when its form has left the page (the learner was sent elsewhere)', () => {
    const { element } = form();
    element.remove();
    window.pathforgeEarlySubmit = { form: element, submitter: null };
    expect(takeEarlySubmit()).toBeNull();
  });

  it('is submitted again with the same button, or none when it was not the form’s submit button (Enter in a field)', () => {
    const { element, submissions, show, signIn } = form();
    expect(submitAgain({ form: element, submitter: signIn })).toBe(true);
    expect(submitAgain({ form: element, submitter: show })).toBe(true);
    expect(submissions).toEqual([signIn, null]);
  });

  it('is submitted again after the take-over, unless the learner submits first', () => {
    vi.useFakeTimers();
    const first = form();
    window.pathforgeEarlySubmit = { form: first.element, submitter: first.signIn };
    takeOverPrerenderedPage(document.body);
    expect(first.submissions).toEqual([]); // not in the commit: once the state has the typed text
    vi.runAllTimers();
    expect(first.submissions).toEqual([first.signIn]);

    document.body.innerHTML = '';
    window.pathforgeStarted = undefined;
    const second = form();
    window.pathforgeEarlySubmit = { form: second.element, submitter: second.signIn };
    takeOverPrerenderedPage(document.body);
    second.signIn.click(); // the learner, right after the app started
    vi.runAllTimers();
    expect(second.submissions).toEqual([second.signIn]); // once, not twice
  });
});

describe('TakeOver, inside the hydration commit as main.tsx places it', () => {
  /** Like the sign-in screen: the handler reads the value at once, then updates the state. */
  function SignIn({ container }: { container?: HTMLElement }) {
    const [values, setValues] = useState({ email: '', password: '' });
    const change = (name: 'email' | 'password') => (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    };
    return (
      <form>
        <input aria-label="Email" value={values.email} onChange={change('email')} />
        <input aria-label="Password" type="password" value={values.password} onChange={change('password')} />
        <output>{`${values.email}/${values.password}`}</output>
        {container && <TakeOver container={container} />}
      </form>
    );
  }

  it('leaves the state holding both fields typed before the app ran, and the page showing them', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignIn />);
    document.body.append(container);
    const [email, password] = container.querySelectorAll('input');
    (email as HTMLInputElement).value = 'ada@example.com';
    (password as HTMLInputElement).value = 'secret1';
    await act(async () => {
      root = hydrateRoot(container, <SignIn container={container} />);
    });
    expect(container.querySelector('output')?.textContent).toBe('ada@example.com/secret1');
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
    expect((password as HTMLInputElement).value).toBe('secret1');
  });
});

describe('resolveLazyRoutes', () => {
  it('loads the lazy routes on the path and puts their modules in place, and no others', async () => {
    const Page = () => null;
    const Other = () => null;
    const table: RouteObject[] = [
      {
        lazy: async () => ({ Component: Page }),
        children: [
          { path: '/login', lazy: async () => ({ Component: Page }) },
          { path: '/other', lazy: async () => ({ Component: Other }) },
        ],
      },
    ];
    await resolveLazyRoutes(table, '/login');
    const [layout] = table;
    expect(layout?.lazy).toBeUndefined();
    expect(layout?.Component).toBe(Page);
    expect(layout?.children?.[0]).toMatchObject({ Component: Page, lazy: undefined });
    expect(typeof layout?.children?.[1]?.lazy).toBe('function');
    expect(layout?.children?.[1]?.Component).toBeUndefined();
  });

  it('fails when a module cannot load, so the caller renders afresh instead of hydrating', async () => {
    const table: RouteObject[] = [{ path: '/', lazy: () => Promise.reject(new Error('offline')) }];
    await expect(resolveLazyRoutes(table, '/')).rejects.toThrow('offline');
  });
});
