/**
 * Texts of the e-mails and SMS the accounts module sends, in ru, en and kz. The language is the request's
 * Accept-Language (the web sends ru-RU, en-US or kk-KZ), Russian when it names none of them.
 */
import type { MessageLocale } from '../../lib/locale';

// The locale helpers live in server/lib/locale.ts (the request-context plugin uses them too).
export { DEFAULT_MESSAGE_LOCALE, localeFromAcceptLanguage, type MessageLocale } from '../../lib/locale';
export type MessageChannel = 'email' | 'sms';

const BRAND = 'Aurum';

export interface RenderedMessage {
  subject: string | null;
  body: string;
}

type Params = { code?: string; link?: string; login?: string; minutes?: number };
interface LocaleTexts {
  subject: (p: Params) => string;
  email: (p: Params) => string;
  sms: (p: Params) => string;
}
type Texts = Record<MessageLocale, LocaleTexts>;

const templates = {
  login_code: {
    ru: {
      subject: () => `${BRAND}: код для входа`,
      email: (p) =>
        `Ваш код для входа в ${BRAND}: ${p.code}\n\nКод действует ${p.minutes} минут. Если вы не запрашивали вход, просто проигнорируйте это письмо.`,
      sms: (p) => `${BRAND}: код для входа ${p.code}. Действует ${p.minutes} мин.`,
    },
    en: {
      subject: () => `${BRAND}: your log-in code`,
      email: (p) =>
        `Your ${BRAND} log-in code: ${p.code}\n\nThe code is valid for ${p.minutes} minutes. If you did not try to log in, ignore this message.`,
      sms: (p) => `${BRAND}: log-in code ${p.code}. Valid for ${p.minutes} min.`,
    },
    kz: {
      subject: () => `${BRAND}: кіру коды`,
      email: (p) =>
        `${BRAND} жүйесіне кіру кодыңыз: ${p.code}\n\nКод ${p.minutes} минут жарамды. Егер сіз кіруді сұрамаған болсаңыз, бұл хатты елемеңіз.`,
      sms: (p) => `${BRAND}: кіру коды ${p.code}. ${p.minutes} мин жарамды.`,
    },
  },
  verify_code: {
    ru: {
      subject: () => `${BRAND}: подтверждение адреса`,
      email: (p) =>
        `Код подтверждения: ${p.code}\n\nВведите его в ${BRAND}, чтобы подтвердить адрес. Код действует ${p.minutes} минут.`,
      sms: (p) => `${BRAND}: код подтверждения ${p.code}. Действует ${p.minutes} мин.`,
    },
    en: {
      subject: () => `${BRAND}: confirm your address`,
      email: (p) =>
        `Your confirmation code: ${p.code}\n\nEnter it in ${BRAND} to confirm this address. The code is valid for ${p.minutes} minutes.`,
      sms: (p) => `${BRAND}: confirmation code ${p.code}. Valid for ${p.minutes} min.`,
    },
    kz: {
      subject: () => `${BRAND}: мекенжайды растау`,
      email: (p) =>
        `Растау коды: ${p.code}\n\nМекенжайды растау үшін оны ${BRAND} жүйесіне енгізіңіз. Код ${p.minutes} минут жарамды.`,
      sms: (p) => `${BRAND}: растау коды ${p.code}. ${p.minutes} мин жарамды.`,
    },
  },
  password_reset: {
    ru: {
      subject: () => `${BRAND}: восстановление пароля`,
      email: (p) =>
        `Код для восстановления пароля: ${p.code}\n\nИли перейдите по ссылке: ${p.link}\n\nКод действует ${p.minutes} минут. Если вы не запрашивали восстановление, проигнорируйте это письмо: пароль не изменится.`,
      sms: (p) => `${BRAND}: код восстановления пароля ${p.code}. Действует ${p.minutes} мин.`,
    },
    en: {
      subject: () => `${BRAND}: reset your password`,
      email: (p) =>
        `Your password reset code: ${p.code}\n\nOr follow this link: ${p.link}\n\nThe code is valid for ${p.minutes} minutes. If you did not ask to reset your password, ignore this message: nothing changes.`,
      sms: (p) => `${BRAND}: password reset code ${p.code}. Valid for ${p.minutes} min.`,
    },
    kz: {
      subject: () => `${BRAND}: құпия сөзді қалпына келтіру`,
      email: (p) =>
        `Құпия сөзді қалпына келтіру коды: ${p.code}\n\nНемесе сілтемеге өтіңіз: ${p.link}\n\nКод ${p.minutes} минут жарамды. Егер сіз қалпына келтіруді сұрамаған болсаңыз, бұл хатты елемеңіз: құпия сөз өзгермейді.`,
      sms: (p) => `${BRAND}: құпия сөзді қалпына келтіру коды ${p.code}. ${p.minutes} мин жарамды.`,
    },
  },
  login_data: {
    ru: {
      subject: () => `${BRAND}: данные для входа`,
      email: (p) =>
        `Ваш логин в ${BRAND}: ${p.login}\n\nПароль мы не храним в открытом виде и не пересылаем. Забыли его? Восстановите пароль на сайте.`,
      sms: (p) => `${BRAND}: ваш логин ${p.login}`,
    },
    en: {
      subject: () => `${BRAND}: your log-in details`,
      email: (p) =>
        `Your ${BRAND} login: ${p.login}\n\nWe never store or send your password in plain text. Forgot it? Reset it on the site.`,
      sms: (p) => `${BRAND}: your login is ${p.login}`,
    },
    kz: {
      subject: () => `${BRAND}: кіру деректері`,
      email: (p) =>
        `${BRAND} жүйесіндегі логиніңіз: ${p.login}\n\nБіз құпия сөзді ашық түрде сақтамаймыз және жібермейміз. Ұмыттыңыз ба? Оны сайтта қалпына келтіріңіз.`,
      sms: (p) => `${BRAND}: логиніңіз ${p.login}`,
    },
  },
} satisfies Record<string, Texts>;

export type TemplateName = keyof typeof templates;

export function renderMessage(
  template: TemplateName,
  channel: MessageChannel,
  locale: MessageLocale,
  params: Params,
): RenderedMessage {
  const texts: LocaleTexts = templates[template][locale];
  return channel === 'email'
    ? { subject: texts.subject(params), body: texts.email(params) }
    : { subject: null, body: texts.sms(params) };
}
