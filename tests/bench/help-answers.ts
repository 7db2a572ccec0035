// Support Assistant, offline: top-1 accuracy on the labelled help questions (fixtures/help-questions;
// goal at least 90%), the "I don't know" questions among them, and the time one answer takes.
// Run: bun tests/bench/help-answers.ts
import { createOfflineAnswerer } from "../../src/server/chatbot/answerer";
import { createHelpCentre } from "../../src/server/help/help-centre";
import { evaluateHelpQuestions, HELP_QUESTIONS } from "../support/help-questions";
import { medianTime } from "../support/measure";

const { total, correct, misses } = await evaluateHelpQuestions();
const unanswerable = HELP_QUESTIONS.filter((q) => q.slug === null);
const unanswerableRight = unanswerable.length - misses.filter((m) => m.want === null).length;
console.log(`top-1 accuracy: ${correct}/${total} = ${((100 * correct) / total).toFixed(1)}% (goal 90%)`);
console.log(`said "I don't know" when no article answers: ${unanswerableRight}/${unanswerable.length}`);
for (const m of misses)
  console.log(`  missed: "${m.q}": wanted ${m.want ?? "I don't know"}, got ${m.got ?? "I don't know"}`);

const answer = createOfflineAnswerer(createHelpCentre());
const questions = HELP_QUESTIONS.map((q) => q.q);
let next = 0;
const perAnswer = await medianTime(200, async () => {
  await answer(questions[next++ % questions.length] ?? "", {});
});
console.log(`one answer: median ${perAnswer.toFixed(2)} ms`);
