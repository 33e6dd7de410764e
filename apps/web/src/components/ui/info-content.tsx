import type { ReactNode } from "react";
import { Link } from "react-router";
import "./content.css";

export interface InfoSection {
  title: string;
  body?: string;
  items?: string[];
}

/** A page heading with its lead paragraph. */
export function PageHeader({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        <p className="page-header__lead">{lead}</p>
        {children}
      </div>
    </header>
  );
}

/** Says plainly that a feature described on the page does not exist yet, and what does today. */
export function NotYet({ title, text }: { title: string; text: string }) {
  return (
    <div className="container">
      <p className="notice" role="note" data-testid="not-yet">
        <strong>{title}</strong> {text}
      </p>
    </div>
  );
}

/** Titled sections: paragraphs (blank-line separated) and an optional bullet list. */
export function Sections({ sections, bare }: { sections: InfoSection[]; bare?: boolean }) {
  return (
    <div className={bare ? undefined : "container prose"}>
      {sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          {s.body?.split("\n\n").map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.items && (
            <ul className="bullets">
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

/** Call-to-action buttons; outside destinations (the partner site) and a part of the page (`#id`) are plain links. */
export function Ctas({ ctas }: { ctas: [to: string, label: string][] }) {
  if (ctas.length === 0) return null;
  return (
    <p className="ctas">
      {ctas.map(([to, label], i) =>
        /^(https?:|#)/.test(to) ? (
          <a
            key={to}
            className={i === 0 ? "button button--accent" : "button"}
            href={to}
            rel={to.startsWith("#") ? undefined : "noopener"}
          >
            {label}
          </a>
        ) : (
          <Link key={to} className={i === 0 ? "button button--accent" : "button"} to={to}>
            {label}
          </Link>
        ),
      )}
    </p>
  );
}
