import { useTranslation } from "react-i18next";

/** Said plainly when the post exists only in the other language and is shown in that one. */
export function FallbackMark({ language }: { language: string }) {
  const { t } = useTranslation("blog");
  return (
    <p className="blog-fallback" data-testid="blog-fallback">
      {t(`fallback.${language === "fr" ? "fr" : "en"}`)}
    </p>
  );
}
