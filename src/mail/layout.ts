/**
 * The frame every PathForge email shares: React elements rendered to static HTML (no scripts, no
 * external images, inline styles only, since mail clients drop style sheets), beside a plain-text
 * part saying the same. Pure: no server imports, so Storybook shows each template as it is sent.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export type RenderedMail = { subject: string; html: string; text: string };

const colors = { page: '#f4f4f5', card: '#ffffff', text: '#18181b', muted: '#52525b', brand: '#4338ca', border: '#e4e4e7' };
/** The app's font where the reader has it (Storybook, and readers with Inter installed); the system's otherwise. */
const font = "'Inter Variable', Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A call to action: a link drawn as a button. */
export function MailButton(props: { href: string; children?: ReactNode }) {
  return h(
    'a',
    {
      href: props.href,
      style: {
        display: 'inline-block',
        background: colors.brand,
        color: '#ffffff',
        padding: '12px 20px',
        borderRadius: '8px',
        textDecoration: 'none',
        fontWeight: 600,
      },
    },
    props.children,
  );
}

/** A link inside text: underlined, so it is told from the words around it without colour. */
export function MailLink(props: { href: string; children?: ReactNode }) {
  return h('a', { href: props.href, style: { color: colors.brand, textDecoration: 'underline' } }, props.children);
}

export function MailParagraph(props: { children?: ReactNode; muted?: boolean }) {
  return h(
    'p',
    { style: { margin: '0 0 16px', color: props.muted ? colors.muted : colors.text, fontSize: props.muted ? '13px' : '16px', lineHeight: 1.5 } },
    props.children,
  );
}

/** The message itself: a heading, the content, and the footer saying why this mail came and how to stop it. */
export function MailCard(props: { title: string; children?: ReactNode; footer: ReactNode }) {
  return h(
    'div',
    {
      style: {
        maxWidth: '560px',
        margin: '0 auto',
        background: colors.card,
        color: colors.text,
        fontFamily: font,
        border: `1px solid ${colors.border}`,
        borderRadius: '12px',
        padding: '32px 28px',
      },
    },
    h('div', { style: { fontWeight: 700, fontSize: '18px', color: colors.brand, marginBottom: '24px' } }, 'PathForge'),
    h('h1', { style: { fontSize: '22px', lineHeight: 1.3, margin: '0 0 16px' } }, props.title),
    props.children,
    h('hr', { style: { border: 'none', borderTop: `1px solid ${colors.border}`, margin: '28px 0 16px' } }),
    props.footer,
  );
}

/** The whole HTML document around a card, with the preview text inboxes show beside the subject. */
export function MailDocument(props: { title: string; preview: string; children?: ReactNode }) {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }), h('title', null, props.title)),
    h(
      'body',
      { style: { margin: 0, padding: '24px 12px', background: colors.page, fontFamily: font, color: colors.text } },
      h('div', { style: { display: 'none', maxHeight: 0, overflow: 'hidden' } }, props.preview),
      props.children,
    ),
  );
}

export function renderHtml(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

export const mailColors = colors;
