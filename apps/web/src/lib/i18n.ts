import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en/translation.json";
import fr from "../locales/fr/translation.json";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage-keys";

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

export function storedLanguage(): Language {
  const value = readStorage(STORAGE_KEYS.language);
  return value === "fr" ? "fr" : "en";
}

export function setLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
  void i18n.changeLanguage(language);
}

i18n.on("languageChanged", (lng) => {
  document.documentElement.lang = lng;
});

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: storedLanguage(),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
