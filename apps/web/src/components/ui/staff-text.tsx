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
 * in: the element carries `lang` and, with `note` (the default), is followed by the note when that
 * is not the page's. An event's description, an item's; a card or a banner marks its name with
 * `useTextLang` only, as a note on each would clutter the list.
 */
export function StaffText({
  language,
  as: Tag = "p",
  note = true,
  className,
  children,
}: {
  language: Language;
  as?: "p" | "h1" | "h2";
  note?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const textLang = useTextLang();
  return (
    <>
      <Tag lang={textLang(language)} className={className}>
        {children}
      </Tag>
      {note && <TextLanguageNote language={language} />}
    </>
  );
}
