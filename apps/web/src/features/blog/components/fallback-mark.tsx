import { useTranslation } from "react-i18next";

/** Said plainly when the post exists only in the other language and is shown in that one. */
export function FallbackMark({ language }: { language: string }) {
  const { t, i18n } = useTranslation("blog");
  // The mark is in the reader's language, the post's words around it in the other.
  return (
    <p className="blog-fallback" data-testid="blog-fallback" lang={i18n.language}>
      {t(`fallback.${language === "fr" ? "fr" : "en"}`)}
    </p>
  );
}
