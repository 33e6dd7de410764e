import type { MarketHome } from "@parkwell/contract";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTextLang } from "../../../components/ui/staff-text";

type Slide = MarketHome["sliders"][number];

/** A slide's link: a page of the app by its path, else an outside address. */
function SlideLink({ slide }: { slide: Slide }) {
  const { t } = useTranslation("marketplace");
  const label = t("slides.open", { title: slide.title });
  if (!slide.link) return null;
  return slide.link.startsWith("/") ? (
    <Link className="button button--accent" to={slide.link} aria-label={label}>
      {t("slides.cta")}
    </Link>
  ) : (
    <a className="button button--accent" href={slide.link} rel="noopener" aria-label={label}>
      {t("slides.cta")}
    </a>
  );
}

/**
 * The live sliders as a strip that scrolls by swipe or by its two buttons, one slide per stop
 * (scroll-snap); nothing moves by itself. A slide's title or subtitle in another language than the
 * page's carries its `lang`, without a note (a banner is a headline, not a text to read).
 */
export function SliderStrip({ slides }: { slides: Slide[] }) {
  const { t } = useTranslation("marketplace");
  const textLang = useTextLang();
  const strip = useRef<HTMLUListElement>(null);
  const id = useId();
  if (slides.length === 0) return null;
  const step = (dir: 1 | -1) => {
    const el = strip.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth, behavior: "smooth" });
  };
  return (
    <section className="market-slides" aria-roledescription={t("slides.role")} aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        {t("slides.title")}
      </h2>
      <ul className="market-slides__strip" ref={strip}>
        {slides.map((s, i) => (
          <li
            key={s.id}
            className="market-slide"
            aria-roledescription={t("slides.slide")}
            aria-label={t("slides.position", { n: i + 1, total: slides.length })}
            style={s.image_url ? { backgroundImage: `url("${encodeURI(s.image_url)}")` } : undefined}
          >
            <div className="market-slide__text">
              <p className="market-slide__title" lang={textLang(s.text_language)}>
                {s.title}
              </p>
              {s.subtitle && <p lang={textLang(s.subtitle_language)}>{s.subtitle}</p>}
              <SlideLink slide={s} />
            </div>
          </li>
        ))}
      </ul>
      {slides.length > 1 && (
        <div className="market-slides__nav">
          <button
            type="button"
            className="icon-button"
            onClick={() => step(-1)}
            aria-label={t("slides.previous")}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="icon-button" onClick={() => step(1)} aria-label={t("slides.next")}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
