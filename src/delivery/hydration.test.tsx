import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adoptTypedText, TakeOver, takeOverPrerenderedPage, useValueAfterHydration } from './hydration';

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

describe('clicks kept before the app ran', () => {
  /** The boot script's promise of the first interaction (unused here). */
  const interaction = new Promise<void>(() => {});

  afterEach(() => {
    window.pathforgeEarly = undefined;
    vi.useRealTimers();
  });

  function form() {
    const element = document.createElement('form');
    element.innerHTML = '<input name="email" value="ada@example.com"><button type="button">Show</button><button type="submit">Sign In</button>';
    document.body.append(element);
    const events: string[] = [];
    element.addEventListener('submit', (event) => {
      event.preventDefault();
      events.push(`submit by ${event.submitter?.textContent}`);
    });
    const [show, signIn] = element.querySelectorAll('button') as unknown as [HTMLButtonElement, HTMLButtonElement];
    show.addEventListener('click', () => events.push('show'));
    return { element, events, show, signIn };
  }

  it('are clicked again in order after the take-over (not in the commit: once the state has the typed text), once', () => {
    vi.useFakeTimers();
    const { events, show, signIn } = form();
    window.pathforgeEarly = { clicks: [show, signIn], started: false, interaction };
    takeOverPrerenderedPage(document.body);
    expect(events).toEqual([]);
    vi.runAllTimers();
    expect(events).toEqual(['show', 'submit by Sign In']);
    expect(window.pathforgeEarly).toEqual({ clicks: [], started: true, interaction });
    takeOverPrerenderedPage(document.body);
    vi.runAllTimers();
    expect(events).toEqual(['show', 'submit by Sign In']);
  });

  it('on a part still waiting to hydrate (data-deferred) stay kept for it; the others are clicked', () => {
    vi.useFakeTimers();
    const { events, show } = form();
    const part = document.createElement('div');
    part.setAttribute('data-deferred', '');
    part.innerHTML = '<button type="button">Question</button>';
    document.body.append(part);
    const question = part.querySelector('button') as HTMLButtonElement;
    question.addEventListener('click', () => events.push('question'));
    window.pathforgeEarly = { clicks: [question, show], started: false, interaction };
    takeOverPrerenderedPage(document.body);
    vi.runAllTimers();
    expect(events).toEqual(['show']);
    expect(window.pathforgeEarly.clicks).toEqual([question]);
  });

  it('are dropped when their button has left the page (the learner was sent elsewhere)', () => {
    vi.useFakeTimers();
    const { element, events, signIn } = form();
    element.remove();
    window.pathforgeEarly = { clicks: [signIn], started: false, interaction };
    takeOverPrerenderedPage(document.body);
    vi.runAllTimers();
    expect(events).toEqual([]);
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

describe('useValueAfterHydration', () => {
  /** A page that shows what it read, and counts its renders. */
  function hydrateReading(value: string) {
    const renders: (string | null)[] = [];
    function Page({ search }: { search: string }) {
      const read = useValueAfterHydration(search);
      renders.push(read);
      return <output>{read ?? 'nothing read'}</output>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page search={value} />);
    document.body.append(container);
    renders.length = 0; // the prerender's own render
    return {
      renders,
      shown: () => container.querySelector('output')?.textContent,
      async hydrate() {
        await act(async () => {
          root = hydrateRoot(container, <Page search={value} />, { onRecoverableError: (error) => renders.push(`error: ${String(error)}`) });
        });
      },
    };
  }

  it('hydrates as prerendered, then shows the value read in the browser', async () => {
    const page = hydrateReading('?oauthError=denied');
    expect(page.shown()).toBe('nothing read');
    await page.hydrate();
    expect(page.shown()).toBe('?oauthError=denied');
    expect(page.renders).toEqual([null, '?oauthError=denied']);
  });

  it('renders a page with nothing to read once: hydration is its only render', async () => {
    const page = hydrateReading('');
    await page.hydrate();
    expect(page.shown()).toBe('nothing read');
    expect(page.renders).toEqual([null]);
  });
});
