import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/ui/form-field";
import { SearchTextField } from "../../components/ui/search-text-field";
import { useNavigate } from "react-router";
import { formQuery } from "../../lib/form-query";
import { parseWindowValue } from "../../lib/zoned-time";
import "./search-box.css";

/**
 * Home search: text, or the browser's location, with an optional time window. The form is also a
 * plain GET to the list, and what it sends is read from its fields, not from React's state: on a
 * slow phone a driver types before the page is hydrated, and React keeps that text on the screen
 * but not in its state.
 */
export function SearchBox() {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState("");
  const id = useId();
  const form = useRef<HTMLFormElement>(null);

  // What the form's own GET would send (formQuery): the fields as the screen shows them.
  const field = (name: string) => (form.current ? (formQuery(form.current).get(name) ?? "") : "");
  // The times go on as typed, wall-clock times without a zone: each park reads them on its own
  // clock (the list on the country's), never the phone's.
  const windowParams = () => {
    const p = new URLSearchParams();
    const [from, until] = [parseWindowValue(field("start_time")), parseWindowValue(field("end_time"))];
    if (from && until && until > from) {
      p.set("start_time", from);
      p.set("end_time", until);
    }
    return p;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = windowParams();
    const q = field("search").trim();
    if (q) p.set("search", q);
    void navigate(p.size > 0 ? `/parks-list?${p.toString()}` : "/parks-list");
  };
  const locate = () => {
    if (!("geolocation" in navigator)) return setProblem(t("locationUnavailable"));
    setLocating(true);
    setProblem("");
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        const p = windowParams();
        p.set("lat", pos.coords.latitude.toFixed(5));
        p.set("lng", pos.coords.longitude.toFixed(5));
        void navigate(`/search?${p.toString()}`);
      },
      () => {
        setLocating(false);
        setProblem(t("locationDenied"));
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <form ref={form} className="search" role="search" action="/parks-list" onSubmit={submit}>
      <label htmlFor={id} className="search__label">
        {t("searchLabel")}
      </label>
      <div className="search__row">
        <SearchTextField
          id={id}
          name="search"
          value={text}
          onChange={setText}
          placeholder={t("searchPlaceholder")}
        />
      </div>
      <div className="search__row search__row--extra">
        <TextField
          label={t("searchFrom")}
          type="datetime-local"
          name="start_time"
          value={start}
          describedBy={`${id}-local`}
          onChange={(e) => setStart(e.target.value)}
        />
        <TextField
          label={t("searchUntil")}
          type="datetime-local"
          name="end_time"
          value={end}
          min={start || undefined}
          describedBy={`${id}-local`}
          onChange={(e) => setEnd(e.target.value)}
        />
        {/* Find parking after the words and the times it searches with, in reading and Tab order. */}
        <button type="submit" className="button button--accent">
          {t("searchButton")}
        </button>
        <button type="button" className="button" onClick={locate} disabled={locating}>
          {locating ? t("locating") : t("useMyLocation")}
        </button>
      </div>
      <p id={`${id}-local`} className="search__hint">
        {t("searchLocal")}
      </p>
      {problem && (
        <p className="search__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
