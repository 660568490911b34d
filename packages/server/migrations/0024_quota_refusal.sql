-- Refuses a write past one of its quotas from inside the write's own statement (decision 80): the
-- error aborts the statement, so what it stored and charged is rolled back with it. SQLSTATE
-- CQ429 tells it apart; the message names the quota's audit action and the seconds to wait.
CREATE FUNCTION "refuse_over_quota"("action" text, "retry_after" integer) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'over quota: % %', "action", "retry_after" USING ERRCODE = 'CQ429';
END;
$$;
