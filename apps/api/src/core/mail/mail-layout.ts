import type { Mail } from '../../repositories/mailer';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A mail of the product: a heading, a lead paragraph, one action button and a footnote, as text and as HTML. */
export function mailLayout(heading: string, lead: string, action: string, link: string, footnote: string): Pick<Mail, 'text' | 'html'> {
  return {
    text: `${heading}\n\n${lead}\n\n${action}: ${link}\n\n${footnote}\n\n— GrouaRock`,
    html: `<!doctype html><html lang="pl"><body style="margin:0;background:#0B0A0D;color:#F7F3EA;font-family:Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:28px;letter-spacing:1px;text-transform:uppercase;border-bottom:4px solid #E0102A;padding-bottom:8px">${escape(heading)}</h1>
<p style="font-size:16px;line-height:1.5">${escape(lead)}</p>
<p style="margin:28px 0"><a href="${escape(link)}" style="background:#E0102A;color:#FFFFFF;padding:14px 22px;text-decoration:none;font-weight:bold;text-transform:uppercase">${escape(action)}</a></p>
<p style="font-size:13px;color:#B8B0A6;line-height:1.5">${escape(footnote)}<br>${escape(link)}</p>
</div></body></html>`,
  };
}

/** A mail that carries a code to type rather than a button: the heading, a lead, the code large, and a footnote. */
export function mailCodeLayout(heading: string, lead: string, code: string, footnote: string): Pick<Mail, 'text' | 'html'> {
  return {
    text: `${heading}\n\n${lead}\n\n${code}\n\n${footnote}\n\n— GrouaRock`,
    html: `<!doctype html><html lang="pl"><body style="margin:0;background:#0B0A0D;color:#F7F3EA;font-family:Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:28px;letter-spacing:1px;text-transform:uppercase;border-bottom:4px solid #E0102A;padding-bottom:8px">${escape(heading)}</h1>
<p style="font-size:16px;line-height:1.5">${escape(lead)}</p>
<p style="margin:28px 0;font-size:36px;font-weight:bold;letter-spacing:8px;font-family:monospace">${escape(code)}</p>
<p style="font-size:13px;color:#B8B0A6;line-height:1.5">${escape(footnote)}</p>
</div></body></html>`,
  };
}
