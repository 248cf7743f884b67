/**
 * The app routes with react-router-dom (declarative mode), the design card's router. Screens import
 * its names from here so that a test's memory router and the app's browser router are one choice.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router-dom'
export type { NavigateFunction } from 'react-router-dom'
