import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../lib/i18n";
import "./staff-text.css";

/**
 * The `lang` of an element holding a text staff wrote in a language (the API's `text_language`):
 * set only when that is not the page's, so screen readers read it in its own voice and the browser
 * hyphenates it by its own rules. `const textLang = useTextLang(); <li lang={textLang(c.text_language)}>`.
 */
export function useTextLang(): (language: Language) => Language | undefined {
  const { i18n } = useTranslation();
  return (language) => (language === i18n.language ? undefined : language);
}

/**
 * The small note beside a text staff wrote in another language than the page's: "Texte en
 * anglais" on a French page showing English, "Text in French" on an English page showing French;
 * nothing when the languages match. It is in the page's language (no `lang` of its own).
 */
export function TextLanguageNote({ language }: { language: Language }) {
  const { t } = useTranslation();
  const textLang = useTextLang();
  if (!textLang(language)) return null;
  return (
    <p className="text-language-note" data-testid="text-language-note">
      {t(`textLanguage.${language}`)}
    </p>
  );
}

/**
 * A paragraph (or heading) of text staff wrote, the API saying in `language` which language it is
 * in (`text_language`, `description_language`): the element carries `lang` and, when that is not
 * the page's, the note: before a paragraph (under its section's heading, so a reader, and a
 * screen reader, learns the language before the text), after a heading. An event's description,
 * an item's name and description; a card, a banner or a chip marks its text with `useTextLang`
 * only, as a note on each would clutter the list.
 */
export function StaffText({
  language,
  as: Tag = "p",
  className,
  children,
}: {
  language: Language;
  as?: "p" | "h1";
  className?: string;
  children: ReactNode;
}) {
  const textLang = useTextLang();
  const text = (
    <Tag lang={textLang(language)} className={className}>
      {children}
    </Tag>
  );
  return Tag === "p" ? (
    <>
      <TextLanguageNote language={language} />
      {text}
    </>
  ) : (
    <>
      {text}
      <TextLanguageNote language={language} />
    </>
  );
}
