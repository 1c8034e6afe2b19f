//! A question's answer, read and judged (`answer ...`), and `skip`, which shows the
//! answer of a question passed over without calling it right.

use super::*;

impl Course {
    /// `skip`: leaves an exercise or question undone and goes on.
    /// The lines to type for the learner when the open step is skipped: an exercise
    /// whose goal is a setting the next steps rely on ([`Goal::is_setting`]) and is
    /// not met yet.
    pub fn setting_to_type_on_skip(&self, session: &Session) -> Option<Vec<String>> {
        let active = self.active.as_ref()?;
        match &self.lessons[active.lesson].steps[active.step] {
            Step::Exercise { goal, solution, .. }
                if goal.is_setting() && !goal.met(&active.tally, session) =>
            {
                Some(solution.clone())
            }
            _ => None,
        }
    }

    pub fn skip(&mut self, session: &Session) -> Vec<LessonEvent> {
        let Some(active) = self.active.as_ref() else {
            return Course::no_lesson();
        };
        // A skipped question shows its answer, but is not called right.
        let lesson = &self.lessons[active.lesson];
        let step = &lesson.steps[active.step];
        let answer = match step {
            Step::Question { explain, .. } => {
                let right = crate::lesson::judge::right_answer(lesson, step);
                Some(format!(
                    "The answer: {right}. {}",
                    crate::lesson::judge::after_answer(explain, &right)
                ))
            }
            // An exercise whose run the next steps speak of: say it was not run, and
            // how to run it still (a setting is typed for the learner instead).
            Step::Exercise { goal, solution, .. }
                if !solution.is_empty()
                    && !goal.is_setting()
                    && !goal.met(&active.tally, session) =>
            {
                let typed: Vec<String> = solution.iter().map(|line| format!("`{line}`")).collect();
                Some(format!(
                    "Nothing was run, so the next steps may speak of what {} would have shown; you can still type it.",
                    typed.join(" then ")
                ))
            }
            _ => None,
        };
        let mut events = vec![LessonEvent::Skipped(answer)];
        events.extend(self.advance(session));
        events
    }

    /// `answer ...`: checks the answer to the question.
    pub fn answer(&mut self, given: &str, session: &Session) -> Vec<LessonEvent> {
        let Some(active) = self.active.as_mut() else {
            return Course::no_lesson();
        };
        let lesson = &self.lessons[active.lesson];
        let step = &lesson.steps[active.step];
        let Step::Question {
            text,
            answer,
            answers,
            hints,
            explain,
            judge,
            ..
        } = step
        else {
            return vec![LessonEvent::Problem(
                "There is no question to answer in this step.".into(),
            )];
        };
        // A judged question is answered by the program's analysis of its position,
        // which also says why a wrong cell is wrong.
        let verdict = match judge {
            Some(judge) => match crate::lesson::judge::judged_position(lesson, step) {
                Ok(cube) => crate::lesson::judge::verdict(*judge, &cube, given),
                Err(why) => return vec![LessonEvent::Problem(why)],
            },
            None if crate::lesson::answer::accepted(answer.as_ref(), answers, given, text) => {
                crate::lesson::judge::Verdict::Right
            }
            None => crate::lesson::judge::Verdict::Wrong(None),
        };
        if let crate::lesson::judge::Verdict::Wrong(why) = verdict {
            let hint = hints
                .get(active.hints_shown.min(hints.len().saturating_sub(1)))
                .cloned();
            if !hints.is_empty() {
                active.hints_shown += 1;
            }
            vec![LessonEvent::Wrong { hint, why }]
        } else {
            active.solved = true;
            let mut events = vec![LessonEvent::Correct {
                explain: explain.trim().to_string(),
            }];
            events.extend(self.record_and_save(session));
            events
        }
    }
}
