/** What `promise` throws; fails the test when it does not throw. */
export async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
