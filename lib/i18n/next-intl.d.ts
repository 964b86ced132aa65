import type { Locale } from "./locales";
import type { ScreenMessages } from "./screen-messages";

// next-intl's keys and locales typed from English's catalogue (docs/decisions/144): a key that
// English lacks does not compile.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: ScreenMessages;
  }
}
