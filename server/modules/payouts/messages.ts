/**
 * The message a player gets when their withdrawal changes (issue 15), by e-mail or else SMS, in the
 * player's language (Russian when they chose none). Written to the outbox in the change's transaction.
 */
import type { MessageLocale } from '../../lib/locale';

const BRAND = 'Aurum';

/** The changes a player hears of (`approved` is not one: it is sent at once, or stays so for the operator). */
export type NotifiedStatus = 'review' | 'sent' | 'paid' | 'failed' | 'rejected' | 'cancelled';

type Text = { subject: string; line: (amount: string, id: number) => string };

const TEXTS: Record<MessageLocale, Record<NotifiedStatus, Text>> = {
  ru: {
    review: {
      subject: `${BRAND}: заявка на вывод принята`,
      line: (a, id) =>
        `Заявка на вывод ${a} (№${id}) принята и ждёт проверки. Мы сообщим, когда она будет отправлена.`,
    },
    sent: {
      subject: `${BRAND}: вывод отправлен`,
      line: (a, id) => `Вывод ${a} (№${id}) передан платёжной системе. Деньги поступят в ближайшее время.`,
    },
    paid: {
      subject: `${BRAND}: вывод выплачен`,
      line: (a, id) => `Вывод ${a} (№${id}) выплачен.`,
    },
    failed: {
      subject: `${BRAND}: вывод не прошёл`,
      line: (a, id) => `Платёжная система не смогла выплатить ${a} (№${id}). Сумма вернулась на ваш баланс.`,
    },
    rejected: {
      subject: `${BRAND}: вывод отклонён`,
      line: (a, id) =>
        `Заявка на вывод ${a} (№${id}) отклонена. Сумма вернулась на ваш баланс. Вопросы — в поддержку.`,
    },
    cancelled: {
      subject: `${BRAND}: вывод отменён`,
      line: (a, id) => `Вы отменили вывод ${a} (№${id}). Сумма вернулась на ваш баланс.`,
    },
  },
  en: {
    review: {
      subject: `${BRAND}: withdrawal request received`,
      line: (a, id) =>
        `Your withdrawal of ${a} (#${id}) is received and waits for review. We will tell you when it is sent.`,
    },
    sent: {
      subject: `${BRAND}: withdrawal sent`,
      line: (a, id) =>
        `Your withdrawal of ${a} (#${id}) is with the payment provider. The money arrives shortly.`,
    },
    paid: {
      subject: `${BRAND}: withdrawal paid`,
      line: (a, id) => `Your withdrawal of ${a} (#${id}) is paid.`,
    },
    failed: {
      subject: `${BRAND}: withdrawal failed`,
      line: (a, id) =>
        `The payment provider could not pay ${a} (#${id}). The amount is back on your balance.`,
    },
    rejected: {
      subject: `${BRAND}: withdrawal rejected`,
      line: (a, id) =>
        `Your withdrawal of ${a} (#${id}) was rejected. The amount is back on your balance. Contact support with any question.`,
    },
    cancelled: {
      subject: `${BRAND}: withdrawal cancelled`,
      line: (a, id) => `You cancelled the withdrawal of ${a} (#${id}). The amount is back on your balance.`,
    },
  },
  kz: {
    review: {
      subject: `${BRAND}: шығару өтінімі қабылданды`,
      line: (a, id) =>
        `${a} шығару өтінімі (№${id}) қабылданды және тексеруді күтуде. Жіберілгенде хабарлаймыз.`,
    },
    sent: {
      subject: `${BRAND}: шығару жіберілді`,
      line: (a, id) => `${a} шығару (№${id}) төлем жүйесіне берілді. Ақша жақын арада түседі.`,
    },
    paid: {
      subject: `${BRAND}: шығару төленді`,
      line: (a, id) => `${a} шығару (№${id}) төленді.`,
    },
    failed: {
      subject: `${BRAND}: шығару өтпеді`,
      line: (a, id) => `Төлем жүйесі ${a} (№${id}) төлей алмады. Сома балансыңызға қайтарылды.`,
    },
    rejected: {
      subject: `${BRAND}: шығару қабылданбады`,
      line: (a, id) =>
        `${a} шығару өтінімі (№${id}) қабылданбады. Сома балансыңызға қайтарылды. Сұрақтар болса, қолдау қызметіне жазыңыз.`,
    },
    cancelled: {
      subject: `${BRAND}: шығару тоқтатылды`,
      line: (a, id) => `Сіз ${a} шығаруды (№${id}) тоқтаттыңыз. Сома балансыңызға қайтарылды.`,
    },
  },
};

export function payoutMessage(
  locale: MessageLocale,
  status: NotifiedStatus,
  input: { id: number; amount: string },
): { subject: string; body: string } {
  const text = TEXTS[locale][status];
  return { subject: text.subject, body: text.line(input.amount, input.id) };
}
