import { useParams } from 'react-router-dom';
import LearningPathPage from './learning-path-page';
import TutorialPage from './tutorial-page';
import TutorialsPage from './tutorials-page';

/**
 * The one lazy entry of the tutorials chunk: /tutorial/:id (a tutorial), /tutorials/:step (a learning-path
 * step such as beginner-1) or /tutorials (the list), told apart by the route's parameters.
 */
export default function TutorialsScreen() {
  const { id, step } = useParams();
  if (id !== undefined) return <TutorialPage />;
  if (step !== undefined) return <LearningPathPage />;
  return <TutorialsPage />;
}
