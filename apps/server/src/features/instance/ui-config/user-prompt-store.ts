import type { Db } from '../../../db/db.ts';

/** A user's answer to one feedback prompt of the admin UI. */
export type Feedback = { userId: number; feedbackId: string; neverShow: boolean; given: Date | null };

type FeedbackRow = { user_id: number; feedback_id: string; never_show: boolean; given_at: Date | null };
const toFeedback = (row: FeedbackRow): Feedback => ({
  userId: row.user_id,
  feedbackId: row.feedback_id,
  neverShow: row.never_show,
  given: row.given_at,
});

/** Which splash screens each user has seen and what they did with each feedback prompt. */
export function createUserPromptStore(db: Db) {
  return {
    async markSplashSeen(userId: number, splashId: string): Promise<void> {
      await db.query(
        `INSERT INTO user_splashes (user_id, splash_id) VALUES ($1, $2)
         ON CONFLICT (user_id, splash_id) DO NOTHING`,
        [userId, splashId],
      );
    },
    /** What one user did with the prompts: their feedback answers, and the splash screens they have seen. */
    async ofUser(userId: number): Promise<{ feedback: Feedback[]; splash: Record<string, boolean> }> {
      const [feedback, splashes] = await Promise.all([
        db.query<FeedbackRow>(`SELECT * FROM user_feedback WHERE user_id = $1 ORDER BY feedback_id`, [
          userId,
        ]),
        db.query<{ splash_id: string }>(
          `SELECT splash_id FROM user_splashes WHERE user_id = $1 ORDER BY splash_id`,
          [userId],
        ),
      ]);
      return {
        feedback: feedback.map(toFeedback),
        splash: Object.fromEntries(splashes.map((row) => [row.splash_id, true])),
      };
    },
    /** Records the answer; properties left out keep their values (a first answer counts as given now). */
    async saveFeedback(
      userId: number,
      feedbackId: string,
      change: { neverShow?: boolean; given?: Date },
    ): Promise<Feedback> {
      const [row] = await db.query<FeedbackRow>(
        `INSERT INTO user_feedback AS f (user_id, feedback_id, never_show, given_at)
         VALUES ($1, $2, COALESCE($3, false), COALESCE($4, now()))
         ON CONFLICT (user_id, feedback_id) DO UPDATE SET
           never_show = COALESCE($3, f.never_show), given_at = COALESCE($4, f.given_at)
         RETURNING *`,
        [userId, feedbackId, change.neverShow ?? null, change.given ?? null],
      );
      return toFeedback(row!);
    },
  };
}
