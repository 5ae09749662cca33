import { INVITATION_TTL_MS } from "#domain/constants.ts";
import type { AssignableRole } from "#domain/roles.ts";
import type { MailMessage } from "./mailer.ts";

export type MailLocale = "en" | "it";

interface Layout {
  locale: MailLocale;
  productName: string;
  heading: string;
  paragraphs: string[];
  /** Shown large, to type in; absent for messages that only carry links. */
  code?: string;
  action: { label: string; link: string };
  /** A second, quieter link under the button (decline an invitation). */
  secondary?: { label: string; link: string };
  footer: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** One plain layout for every message: heading, text, the code large, a button, a footer. */
function render({
  locale,
  productName,
  heading,
  paragraphs,
  code,
  action,
  secondary,
  footer,
}: Layout) {
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(code === undefined ? [] : [code, ""]),
    `${action.label}: ${action.link}`,
    "",
    ...(secondary ? [`${secondary.label}: ${secondary.link}`, ""] : []),
    "--",
    footer,
    productName,
  ].join("\n");
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c2024">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:600">${escapeHtml(productName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${code === undefined ? "" : `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace">${escapeHtml(code)}</p>\n`}<p style="margin:0 0 24px"><a href="${escapeHtml(action.link)}" style="display:inline-block;background:#0d74ce;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p>
${secondary ? `<p style="margin:0 0 24px;font-size:14px"><a href="${escapeHtml(secondary.link)}" style="color:#60646c">${escapeHtml(secondary.label)}</a></p>\n` : ""}<p style="margin:0;font-size:13px;color:#60646c;line-height:1.5">${escapeHtml(footer)}</p>
</div>
</body>
</html>`;
  return { text, html };
}

interface CodeMail {
  locale: MailLocale;
  productName: string;
  to: string;
  code: string;
  link: string;
}

const VERIFY = {
  en: (name: string) => ({
    subject: `Your ${name} verification code`,
    heading: "Confirm your email",
    paragraphs: [`Welcome to ${name}. Enter this code to confirm your email address:`],
    action: "Confirm my email",
    footer: "The code works for 24 hours. If you did not sign up, ignore this message.",
  }),
  it: (name: string) => ({
    subject: `Il tuo codice di verifica ${name}`,
    heading: "Conferma la tua email",
    paragraphs: [
      `Ti diamo il benvenuto in ${name}. Inserisci questo codice per confermare il tuo indirizzo email:`,
    ],
    action: "Conferma la mia email",
    footer: "Il codice vale 24 ore. Se non hai creato un account, ignora questo messaggio.",
  }),
};

const RESET = {
  en: (name: string) => ({
    subject: `Reset your ${name} password`,
    heading: "Reset your password",
    paragraphs: [
      "Someone asked to reset the password of this account. To choose a new one, enter this code on the page where you asked for it, or open the link below:",
    ],
    action: "Choose a new password",
    footer:
      "The code works for 1 hour. If you did not ask for it, ignore this message: your password stays as it is.",
  }),
  it: (name: string) => ({
    subject: `Reimposta la password di ${name}`,
    heading: "Reimposta la password",
    paragraphs: [
      "È stato chiesto di reimpostare la password di questo account. Per sceglierne una nuova, inserisci questo codice nella pagina dove l'hai chiesto, oppure apri il link qui sotto:",
    ],
    action: "Scegli una nuova password",
    footer:
      "Il codice vale 1 ora. Se non l'hai chiesto tu, ignora questo messaggio: la password resta com'è.",
  }),
};

const CHANGE_EMAIL = {
  en: (name: string) => ({
    subject: `Confirm your new ${name} email`,
    heading: "Confirm your new email",
    paragraphs: [
      `Someone asked to use this address for a ${name} account. To confirm it, enter this code on the page where you asked, or open the link below:`,
    ],
    action: "Confirm this email",
    footer:
      "The code works for 24 hours. Until it is used, the account keeps its old address. If you did not ask for this, ignore this message.",
  }),
  it: (name: string) => ({
    subject: `Conferma la tua nuova email di ${name}`,
    heading: "Conferma la nuova email",
    paragraphs: [
      `È stato chiesto di usare questo indirizzo per un account ${name}. Per confermarlo, inserisci questo codice nella pagina dove l'hai chiesto, oppure apri il link qui sotto:`,
    ],
    action: "Conferma questa email",
    footer:
      "Il codice vale 24 ore. Finché non viene usato, l'account tiene il vecchio indirizzo. Se non l'hai chiesto tu, ignora questo messaggio.",
  }),
};

function codeMail(texts: ReturnType<(typeof VERIFY)["en"]>, mail: CodeMail): MailMessage {
  const { text, html } = render({
    locale: mail.locale,
    productName: mail.productName,
    heading: texts.heading,
    paragraphs: texts.paragraphs,
    code: mail.code,
    action: { label: texts.action, link: mail.link },
    footer: texts.footer,
  });
  return { to: mail.to, subject: texts.subject, text, html, links: [mail.link] };
}

/** The sign-up code, with a link to /auth/verify that fills it in. */
export function verificationMail(mail: CodeMail): MailMessage {
  return codeMail(VERIFY[mail.locale](mail.productName), mail);
}

/** The password-reset code, with a link to /auth/reset that fills it in. */
export function passwordResetMail(mail: CodeMail): MailMessage {
  return codeMail(RESET[mail.locale](mail.productName), mail);
}

/** The code that confirms a new address for an account, with a link to /profile/email. */
export function emailChangeMail(mail: CodeMail): MailMessage {
  return codeMail(CHANGE_EMAIL[mail.locale](mail.productName), mail);
}

export interface InvitationMail {
  locale: MailLocale;
  productName: string;
  to: string;
  teamName: string;
  /** The nickname of the member who invited. */
  inviterName: string;
  role: AssignableRole;
  acceptLink: string;
  rejectLink: string;
}

/** The roles' names as the app shows them (app/locales/{en,it}/teams.json, `roles`). */
const ROLE_NAMES: Record<MailLocale, Record<AssignableRole, string>> = {
  en: {
    admin: "Administrator",
    uploader: "Contributor",
    upviewer: "Contributor + Viewer",
    viewer: "Viewer",
  },
  it: {
    admin: "Amministratore",
    uploader: "Contributore",
    upviewer: "Contributore + Visualizzatore",
    viewer: "Visualizzatore",
  },
};

/**
 * A name someone typed, as a subject shows it: in quotes and at most 40 characters, so it reads
 * as a name and never as the product's words ("Refund: visit evil-example.com now").
 */
function quoted(name: string) {
  const short = name.length > 40 ? `${name.slice(0, 39)}…` : name;
  return `“${short}”`;
}

const INVITATION_DAYS = Math.round(INVITATION_TTL_MS / (24 * 60 * 60 * 1000));

const INVITATION = {
  en: (name: string, team: string, inviter: string, role: string) => ({
    subject: `${quoted(inviter)} invited you to the team ${quoted(team)} on ${name}`,
    heading: `Join ${team}`,
    paragraphs: [
      `${inviter} invited you to the team ${team} on ${name}, as ${role}.`,
      "Accept the invitation to share photos and documents with the team. If you have no account yet, you will choose a password.",
    ],
    action: "Accept the invitation",
    secondary: "Decline the invitation",
    footer: `The invitation works for ${INVITATION_DAYS} days. If you do not know who sent it, ignore this message.`,
  }),
  it: (name: string, team: string, inviter: string, role: string) => ({
    subject: `${quoted(inviter)} ti ha invitato nel team ${quoted(team)} su ${name}`,
    heading: `Unisciti a ${team}`,
    paragraphs: [
      `${inviter} ti ha invitato nel team ${team} su ${name}, come ${role}.`,
      "Accetta l'invito per condividere foto e documenti con il team. Se non hai ancora un account, sceglierai una password.",
    ],
    action: "Accetta l'invito",
    secondary: "Rifiuta l'invito",
    footer: `L'invito vale ${INVITATION_DAYS} giorni. Se non sai chi l'ha inviato, ignora questo messaggio.`,
  }),
};

/** An invitation to a team, with links to accept and to decline it. */
export function invitationMail(mail: InvitationMail): MailMessage {
  // The subject is a header: names typed by people never bring a line break into it.
  const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
  const texts = INVITATION[mail.locale](
    mail.productName,
    oneLine(mail.teamName),
    oneLine(mail.inviterName),
    ROLE_NAMES[mail.locale][mail.role],
  );
  const { text, html } = render({
    locale: mail.locale,
    productName: mail.productName,
    heading: texts.heading,
    paragraphs: texts.paragraphs,
    action: { label: texts.action, link: mail.acceptLink },
    secondary: { label: texts.secondary, link: mail.rejectLink },
    footer: texts.footer,
  });
  return {
    to: mail.to,
    subject: texts.subject,
    text,
    html,
    links: [mail.acceptLink, mail.rejectLink],
  };
}

export interface EarlyAccessMail {
  locale: MailLocale;
  productName: string;
  to: string;
  /** The landing page. */
  link: string;
  /** `/unsubscribe?email=…&token=…` on the web app. */
  unsubscribeLink: string;
}

const EARLY_ACCESS = {
  en: (name: string) => ({
    subject: `You are on the ${name} early-access list`,
    heading: "You are on the list",
    paragraphs: [
      `Thank you for your interest in ${name}. We will write to this address when early access opens, and about the launch.`,
    ],
    action: `Visit ${name}`,
    secondary: "Unsubscribe",
    footer:
      "You get this message because this address asked for early access. Unsubscribe at any time: the address is then deleted within 5 days.",
  }),
  it: (name: string) => ({
    subject: `Sei nella lista di accesso anticipato di ${name}`,
    heading: "Sei nella lista",
    paragraphs: [
      `Grazie per l'interesse in ${name}. Scriveremo a questo indirizzo quando apre l'accesso anticipato, e per il lancio.`,
    ],
    action: `Visita ${name}`,
    secondary: "Annulla l'iscrizione",
    footer:
      "Ricevi questo messaggio perché questo indirizzo ha chiesto l'accesso anticipato. Puoi annullare l'iscrizione quando vuoi: l'indirizzo viene poi cancellato entro 5 giorni.",
  }),
};

/**
 * The early-access confirmation: not transactional, so it carries the unsubscribe link, and the
 * List-Unsubscribe headers mail clients offer as a button (RFC 2369), one-click (RFC 8058).
 */
export function earlyAccessMail(mail: EarlyAccessMail): MailMessage {
  const texts = EARLY_ACCESS[mail.locale](mail.productName);
  const { text, html } = render({
    locale: mail.locale,
    productName: mail.productName,
    heading: texts.heading,
    paragraphs: texts.paragraphs,
    action: { label: texts.action, link: mail.link },
    secondary: { label: texts.secondary, link: mail.unsubscribeLink },
    footer: texts.footer,
  });
  return {
    to: mail.to,
    subject: texts.subject,
    text,
    html,
    links: [mail.link, mail.unsubscribeLink],
    headers: {
      "List-Unsubscribe": `<${mail.unsubscribeLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export interface NoticeMail {
  locale: MailLocale;
  productName: string;
  to: string;
  /** Where the mail's button goes. */
  link: string;
}

const PASSWORD_CHANGED = {
  en: (name: string) => ({
    subject: `Your ${name} password was changed`,
    heading: "Your password was changed",
    paragraphs: [
      `The password of your ${name} account was just changed, and every other device signed in to it was signed out.`,
      "If you did this, there is nothing else to do. If you did not, reset your password now: the reset signs everyone out.",
    ],
    action: "Reset my password",
    footer: "You get this message because the password of this account changed.",
  }),
  it: (name: string) => ({
    subject: `La password di ${name} è stata cambiata`,
    heading: "La tua password è stata cambiata",
    paragraphs: [
      `La password del tuo account ${name} è appena stata cambiata, e tutti gli altri dispositivi collegati sono stati disconnessi.`,
      "Se sei stato tu, non devi fare altro. Se non sei stato tu, reimposta subito la password: la reimpostazione disconnette tutti.",
    ],
    action: "Reimposta la mia password",
    footer: "Ricevi questo messaggio perché la password di questo account è cambiata.",
  }),
};

const ACCOUNT_DELETED = {
  en: (name: string) => ({
    subject: `Your ${name} account is deleted`,
    heading: "Your account is deleted",
    paragraphs: [
      `Your ${name} account and its personal data (email address, names, avatar, password) are deleted, and you are no longer a member of any team.`,
      "The photos and documents you uploaded stay with their teams, shown as from a former member; a team's owner or admins can delete them.",
    ],
    action: `Visit ${name}`,
    footer:
      "You get this message because this account was deleted. It is the last one we send to this address about it.",
  }),
  it: (name: string) => ({
    subject: `Il tuo account ${name} è stato eliminato`,
    heading: "Il tuo account è stato eliminato",
    paragraphs: [
      `Il tuo account ${name} e i suoi dati personali (indirizzo email, nomi, avatar, password) sono stati eliminati, e non fai più parte di alcun team.`,
      "Le foto e i documenti che hai caricato restano ai loro team, indicati come di un ex membro; il proprietario o gli amministratori di un team possono eliminarli.",
    ],
    action: `Visita ${name}`,
    footer:
      "Ricevi questo messaggio perché questo account è stato eliminato. È l'ultimo che mandiamo a questo indirizzo in merito.",
  }),
};

const EMAIL_CHANGED = {
  en: (name: string, to: string) => ({
    subject: `Your ${name} email was changed`,
    heading: "Your email was changed",
    paragraphs: [
      `The email address of your ${name} account was changed to ${to}. You now sign in with that address, and every other device signed in to the account was signed out.`,
      "If you did this, there is nothing else to do. If you did not, someone who knows your password has changed it: write to us at once, from this address, through the contact on our website.",
    ],
    action: `Visit ${name}`,
    footer:
      "You get this message because this address was the account's until now. We send no other mail about the account here.",
  }),
  it: (name: string, to: string) => ({
    subject: `L'email di ${name} è stata cambiata`,
    heading: "La tua email è stata cambiata",
    paragraphs: [
      `L'indirizzo email del tuo account ${name} è stato cambiato in ${to}. Ora accedi con quell'indirizzo, e tutti gli altri dispositivi collegati all'account sono stati disconnessi.`,
      "Se sei stato tu, non devi fare altro. Se non sei stato tu, qualcuno che conosce la tua password l'ha cambiato: scrivici subito, da questo indirizzo, tramite il contatto sul nostro sito.",
    ],
    action: `Visita ${name}`,
    footer:
      "Ricevi questo messaggio perché finora questo era l'indirizzo dell'account. Non mandiamo qui altra posta sull'account.",
  }),
};

function noticeMail(texts: ReturnType<(typeof PASSWORD_CHANGED)["en"]>, mail: NoticeMail) {
  const { text, html } = render({
    locale: mail.locale,
    productName: mail.productName,
    heading: texts.heading,
    paragraphs: texts.paragraphs,
    action: { label: texts.action, link: mail.link },
    footer: texts.footer,
  });
  return { to: mail.to, subject: texts.subject, text, html, links: [mail.link] };
}

/** Confirms to the address of a deleted account that it is gone. */
export function accountDeletedMail(mail: NoticeMail): MailMessage {
  return noticeMail(ACCOUNT_DELETED[mail.locale](mail.productName), mail);
}

/** Tells the account's address that its password changed, with a link to reset it. */
export function passwordChangedMail(mail: NoticeMail): MailMessage {
  return noticeMail(PASSWORD_CHANGED[mail.locale](mail.productName), mail);
}

/**
 * Tells the account's old address that the email changed, naming the new one (it does not know
 * it otherwise), and how to get help when the change was not theirs.
 */
export function emailChangedMail(mail: NoticeMail & { newEmail: string }): MailMessage {
  return noticeMail(EMAIL_CHANGED[mail.locale](mail.productName, mail.newEmail), mail);
}

export interface GuestDigestMail {
  locale: MailLocale;
  productName: string;
  to: string;
  /** The collection's screen. */
  link: string;
  /** `/unsubscribe?email=…&token=…` on the web app. */
  unsubscribeLink: string;
  collectionName: string;
  linkTitle: string;
  /** Files that arrived since the last digest, and what kind they all are. */
  files: number;
  kind: "photos" | "videos" | "files";
  guests: number;
  /** Of them, those waiting for review. */
  held: number;
}

const GUEST_DIGEST = {
  en: (mail: GuestDigestMail) => {
    const noun = {
      photos: mail.files === 1 ? "photo" : "photos",
      videos: mail.files === 1 ? "video" : "videos",
      files: mail.files === 1 ? "file" : "files",
    }[mail.kind];
    const guests = `${mail.guests} ${mail.guests === 1 ? "guest" : "guests"}`;
    const line = `${mail.files} new ${noun} from ${guests} in ${mail.collectionName}`;
    return {
      subject: line,
      heading: line,
      paragraphs: [
        `Guests sent them through the link “${mail.linkTitle}”.`,
        ...(mail.held > 0
          ? [
              `${mail.held} ${mail.held === 1 ? "is" : "are"} waiting for your review: nobody else sees them until you approve them.`,
            ]
          : []),
      ],
      action: "Open the collection",
      secondary: "Unsubscribe",
      footer:
        "You get this message because you made this link. We send at most one an hour while guests send files. Unsubscribe to get no more.",
    };
  },
  it: (mail: GuestDigestMail) => {
    const one = mail.files === 1;
    const noun = {
      photos: one ? "nuova foto" : "nuove foto",
      videos: one ? "nuovo video" : "nuovi video",
      files: one ? "nuovo file" : "nuovi file",
    }[mail.kind];
    const guests = `${mail.guests} ${mail.guests === 1 ? "ospite" : "ospiti"}`;
    const line = `${mail.files} ${noun} da ${guests} in ${mail.collectionName}`;
    return {
      subject: line,
      heading: line,
      paragraphs: [
        `Gli ospiti li hanno inviati tramite il link “${mail.linkTitle}”.`,
        ...(mail.held > 0
          ? [
              `${mail.held} in attesa della tua revisione: nessun altro li vede finché non li approvi.`,
            ]
          : []),
      ],
      action: "Apri la raccolta",
      secondary: "Annulla l'iscrizione",
      footer:
        "Ricevi questo messaggio perché hai creato questo link. Ne mandiamo al massimo uno all'ora mentre gli ospiti inviano file. Annulla l'iscrizione per non riceverne più.",
    };
  },
};

/**
 * The digest of guests' files to a drop link's creator (ADR 099): not transactional, so it
 * carries the unsubscribe link and the List-Unsubscribe headers, as the early-access mail does.
 */
export function guestDigestMail(mail: GuestDigestMail): MailMessage {
  const texts = GUEST_DIGEST[mail.locale](mail);
  const { text, html } = render({
    locale: mail.locale,
    productName: mail.productName,
    heading: texts.heading,
    paragraphs: texts.paragraphs,
    action: { label: texts.action, link: mail.link },
    secondary: { label: texts.secondary, link: mail.unsubscribeLink },
    footer: texts.footer,
  });
  return {
    to: mail.to,
    subject: texts.subject,
    text,
    html,
    links: [mail.link, mail.unsubscribeLink],
    headers: {
      "List-Unsubscribe": `<${mail.unsubscribeLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
