export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      card_entries: {
        Row: {
          card_id: string
          created_at: string
          entered_by: string | null
          hole: number
          id: string
          player_no: number
          replaces: string[]
          strokes: number | null
        }
        Insert: {
          card_id: string
          created_at?: string
          entered_by?: string | null
          hole: number
          id: string
          player_no: number
          replaces?: string[]
          strokes?: number | null
        }
        Update: {
          card_id?: string
          created_at?: string
          entered_by?: string | null
          hole?: number
          id?: string
          player_no?: number
          replaces?: string[]
          strokes?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "card_entries_card_id_fkey"
            columns: ["card_id"]
            isOneToOne: false
            referencedRelation: "cards"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "card_entries_card_id_fkey"
            columns: ["card_id"]
            isOneToOne: false
            referencedRelation: "my_open_cards"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "card_entries_player_is_on_the_card"
            columns: ["card_id", "player_no"]
            isOneToOne: false
            referencedRelation: "card_players"
            referencedColumns: ["card_id", "player_no"]
          },
        ]
      }
      card_players: {
        Row: {
          attested_at: string | null
          card_id: string
          course_rating: number
          hole_pars: number[]
          index_in_effect: number
          invited: boolean
          marker_no: number | null
          name: string
          par: number
          player_no: number
          playing_handicap: number
          round_id: string | null
          signed_at: string | null
          slope_rating: number
          stroke_indexes: number[]
          strokes_received: number | null
          tee_name: string
          user_id: string | null
        }
        Insert: {
          attested_at?: string | null
          card_id: string
          course_rating: number
          hole_pars: number[]
          index_in_effect: number
          invited?: boolean
          marker_no?: number | null
          name: string
          par: number
          player_no: number
          playing_handicap: number
          round_id?: string | null
          signed_at?: string | null
          slope_rating: number
          stroke_indexes: number[]
          strokes_received?: number | null
          tee_name: string
          user_id?: string | null
        }
        Update: {
          attested_at?: string | null
          card_id?: string
          course_rating?: number
          hole_pars?: number[]
          index_in_effect?: number
          invited?: boolean
          marker_no?: number | null
          name?: string
          par?: number
          player_no?: number
          playing_handicap?: number
          round_id?: string | null
          signed_at?: string | null
          slope_rating?: number
          stroke_indexes?: number[]
          strokes_received?: number | null
          tee_name?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "card_players_card_id_fkey"
            columns: ["card_id"]
            isOneToOne: false
            referencedRelation: "cards"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "card_players_card_id_fkey"
            columns: ["card_id"]
            isOneToOne: false
            referencedRelation: "my_open_cards"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "card_players_marker_is_a_place_of_the_card"
            columns: ["card_id", "marker_no"]
            isOneToOne: false
            referencedRelation: "card_players"
            referencedColumns: ["card_id", "player_no"]
          },
        ]
      }
      cards: {
        Row: {
          allowance_percent: number
          course_name: string
          created_at: string
          created_by: string | null
          format: string
          holes: number
          id: string
          played_on: string
          side_games: Json | null
          status: string
        }
        Insert: {
          allowance_percent: number
          course_name: string
          created_at?: string
          created_by?: string | null
          format: string
          holes: number
          id: string
          played_on?: string
          side_games?: Json | null
          status?: string
        }
        Update: {
          allowance_percent?: number
          course_name?: string
          created_at?: string
          created_by?: string | null
          format?: string
          holes?: number
          id?: string
          played_on?: string
          side_games?: Json | null
          status?: string
        }
        Relationships: []
      }
      courses: {
        Row: {
          created_at: string
          id: string
          name: string
          par: number | null
          rating: number
          slope: number
          user_id: string
        }
        Insert: {
          created_at?: string
          id: string
          name: string
          par?: number | null
          rating: number
          slope: number
          user_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          name?: string
          par?: number | null
          rating?: number
          slope?: number
          user_id?: string
        }
        Relationships: []
      }
      deletions: {
        Row: {
          deleted_at: string
          id: number
          record: NonNullable<Json>
          record_id: string
          round_ids: string[]
          table_name: string
          user_id: string
        }
        Insert: {
          deleted_at?: string
          id?: never
          record: NonNullable<Json>
          record_id: string
          round_ids?: string[]
          table_name: string
          user_id: string
        }
        Update: {
          deleted_at?: string
          id?: never
          record?: NonNullable<Json>
          record_id?: string
          round_ids?: string[]
          table_name?: string
          user_id?: string
        }
        Relationships: []
      }
      directory_courses: {
        Row: {
          id: string
          is_example: boolean
          name: string
          par: number | null
          published_at: string
          published_by: string
          rating: number
          search_name: string
          slope: number
          source_course_id: string
        }
        Insert: {
          id: string
          is_example?: boolean
          name: string
          par?: number | null
          published_at?: string
          published_by: string
          rating: number
          search_name: string
          slope: number
          source_course_id: string
        }
        Update: {
          id?: string
          is_example?: boolean
          name?: string
          par?: number | null
          published_at?: string
          published_by?: string
          rating?: number
          search_name?: string
          slope?: number
          source_course_id?: string
        }
        Relationships: []
      }
      directory_tees: {
        Row: {
          course_rating: number
          directory_course_id: string
          hole_pars: number[] | null
          holes: number
          name: string
          par: number | null
          position: number
          slope_rating: number
          stroke_indexes: number[] | null
        }
        Insert: {
          course_rating: number
          directory_course_id: string
          hole_pars?: number[] | null
          holes: number
          name: string
          par?: number | null
          position: number
          slope_rating: number
          stroke_indexes?: number[] | null
        }
        Update: {
          course_rating?: number
          directory_course_id?: string
          hole_pars?: number[] | null
          holes?: number
          name?: string
          par?: number | null
          position?: number
          slope_rating?: number
          stroke_indexes?: number[] | null
        }
        Relationships: [
          {
            foreignKeyName: "directory_tees_directory_course_id_fkey"
            columns: ["directory_course_id"]
            isOneToOne: false
            referencedRelation: "directory_courses"
            referencedColumns: ["id"]
          },
        ]
      }
      handicap_settings: {
        Row: {
          course_handicap_source: string
          starting_index: number | null
          updated_at: string
          user_id: string
        }
        Insert: {
          course_handicap_source?: string
          starting_index?: number | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          course_handicap_source?: string
          starting_index?: number | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      rounds: {
        Row: {
          course_id: string | null
          course_name: string
          course_rating: number
          created_at: string
          game: Json | null
          hole_fairways: boolean[] | null
          hole_greens: boolean[] | null
          hole_pars: number[] | null
          hole_penalties: number[] | null
          hole_putts: number[] | null
          hole_strokes: number[] | null
          holes: number
          id: string
          nine: string | null
          par: number | null
          played_on: string
          score: number
          slope_rating: number
          stroke_indexes: number[] | null
          tee_id: string | null
          tee_name: string | null
          user_id: string
        }
        Insert: {
          course_id?: string | null
          course_name: string
          course_rating: number
          created_at?: string
          game?: Json | null
          hole_fairways?: boolean[] | null
          hole_greens?: boolean[] | null
          hole_pars?: number[] | null
          hole_penalties?: number[] | null
          hole_putts?: number[] | null
          hole_strokes?: number[] | null
          holes?: number
          id: string
          nine?: string | null
          par?: number | null
          played_on?: string
          score: number
          slope_rating: number
          stroke_indexes?: number[] | null
          tee_id?: string | null
          tee_name?: string | null
          user_id?: string
        }
        Update: {
          course_id?: string | null
          course_name?: string
          course_rating?: number
          created_at?: string
          game?: Json | null
          hole_fairways?: boolean[] | null
          hole_greens?: boolean[] | null
          hole_pars?: number[] | null
          hole_penalties?: number[] | null
          hole_putts?: number[] | null
          hole_strokes?: number[] | null
          holes?: number
          id?: string
          nine?: string | null
          par?: number | null
          played_on?: string
          score?: number
          slope_rating?: number
          stroke_indexes?: number[] | null
          tee_id?: string | null
          tee_name?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "rounds_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "rounds_tee_id_fkey"
            columns: ["tee_id"]
            isOneToOne: false
            referencedRelation: "course_handicaps"
            referencedColumns: ["tee_id"]
          },
          {
            foreignKeyName: "rounds_tee_id_fkey"
            columns: ["tee_id"]
            isOneToOne: false
            referencedRelation: "tees"
            referencedColumns: ["id"]
          },
        ]
      }
      tees: {
        Row: {
          course_id: string
          course_rating: number
          created_at: string
          hole_pars: number[] | null
          holes: number
          id: string
          name: string
          par: number | null
          slope_rating: number
          stroke_indexes: number[] | null
          user_id: string
        }
        Insert: {
          course_id: string
          course_rating: number
          created_at?: string
          hole_pars?: number[] | null
          holes?: number
          id: string
          name: string
          par?: number | null
          slope_rating: number
          stroke_indexes?: number[] | null
          user_id?: string
        }
        Update: {
          course_id?: string
          course_rating?: number
          created_at?: string
          hole_pars?: number[] | null
          holes?: number
          id?: string
          name?: string
          par?: number | null
          slope_rating?: number
          stroke_indexes?: number[] | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "tees_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      card_cells: {
        Row: {
          card_id: string | null
          entries: string[] | null
          hole: number | null
          player_no: number | null
          state: string | null
          strokes: number | null
        }
        Relationships: [
          {
            foreignKeyName: "card_entries_card_id_fkey"
            columns: ["card_id"]
            isOneToOne: false
            referencedRelation: "cards"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "card_entries_card_id_fkey"
            columns: ["card_id"]
            isOneToOne: false
            referencedRelation: "my_open_cards"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "card_entries_player_is_on_the_card"
            columns: ["card_id", "player_no"]
            isOneToOne: false
            referencedRelation: "card_players"
            referencedColumns: ["card_id", "player_no"]
          },
        ]
      }
      course_handicaps: {
        Row: {
          course_handicap: number | null
          course_id: string | null
          handicap_index: number | null
          handicap_source: string | null
          holes: number | null
          tee_id: string | null
          user_id: string | null
        }
        Relationships: [
          {
            foreignKeyName: "tees_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
        ]
      }
      handicap_history: {
        Row: {
          handicap_index: number | null
          played_on: string | null
          round_id: string | null
          user_id: string | null
        }
        Insert: {
          handicap_index?: number | null
          played_on?: string | null
          round_id?: string | null
          user_id?: string | null
        }
        Update: {
          handicap_index?: number | null
          played_on?: string | null
          round_id?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      handicap_indexes: {
        Row: {
          handicap_index: number | null
          rounds_count: number | null
          user_id: string | null
          waiting_nines: number | null
        }
        Insert: {
          handicap_index?: number | null
          rounds_count?: number | null
          user_id?: string | null
          waiting_nines?: number | null
        }
        Update: {
          handicap_index?: number | null
          rounds_count?: number | null
          user_id?: string | null
          waiting_nines?: number | null
        }
        Relationships: []
      }
      my_open_cards: {
        Row: {
          course_name: string | null
          created_at: string | null
          holes: number | null
          id: string | null
          next_hole: number | null
          played_on: string | null
          player_no: number | null
          scored_holes: number | null
          started_by: string | null
          started_by_me: boolean | null
        }
        Relationships: []
      }
      round_attestations: {
        Row: {
          attested_at: string | null
          attested_by: string | null
          round_id: string | null
        }
        Relationships: []
      }
      round_differentials: {
        Row: {
          adjusted_score: number | null
          counts: boolean | null
          course_id: string | null
          course_name: string | null
          course_rating: number | null
          created_at: string | null
          differential: number | null
          holes: number | null
          id: string | null
          paired_with: string | null
          played_on: string | null
          score: number | null
          slope_rating: number | null
          tee_id: string | null
          user_id: string | null
        }
        Relationships: [
          {
            foreignKeyName: "rounds_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "rounds_tee_id_fkey"
            columns: ["tee_id"]
            isOneToOne: false
            referencedRelation: "course_handicaps"
            referencedColumns: ["tee_id"]
          },
          {
            foreignKeyName: "rounds_tee_id_fkey"
            columns: ["tee_id"]
            isOneToOne: false
            referencedRelation: "tees"
            referencedColumns: ["id"]
          },
        ]
      }
      scoring_entries: {
        Row: {
          course_rating: number | null
          differential: number | null
          entry_id: string | null
          par: number | null
          played_on: string | null
          round_ids: string[] | null
          score: number | null
          slope_rating: number | null
          user_id: string | null
        }
        Insert: {
          course_rating?: number | null
          differential?: never
          entry_id?: string | null
          par?: number | null
          played_on?: string | null
          round_ids?: never
          score?: number | null
          slope_rating?: number | null
          user_id?: string | null
        }
        Update: {
          course_rating?: number | null
          differential?: never
          entry_id?: string | null
          par?: number | null
          played_on?: string | null
          round_ids?: never
          score?: number | null
          slope_rating?: number | null
          user_id?: string | null
        }
        Relationships: []
      }
      whs_history: {
        Row: {
          adjusted_differential: number | null
          counts: boolean | null
          differential: number | null
          exceptional_reduction: number | null
          index_after: number | null
          played_on: string | null
          round_id: string | null
        }
        Insert: {
          adjusted_differential?: never
          counts?: boolean | null
          differential?: never
          exceptional_reduction?: number | null
          index_after?: never
          played_on?: string | null
          round_id?: string | null
        }
        Update: {
          adjusted_differential?: never
          counts?: boolean | null
          differential?: never
          exceptional_reduction?: number | null
          index_after?: never
          played_on?: string | null
          round_id?: string | null
        }
        Relationships: []
      }
      whs_indexes: {
        Row: {
          cap: string | null
          low_index: number | null
          user_id: string | null
          whs_index: number | null
        }
        Insert: {
          cap?: string | null
          low_index?: never
          user_id?: string | null
          whs_index?: never
        }
        Update: {
          cap?: string | null
          low_index?: never
          user_id?: string | null
          whs_index?: never
        }
        Relationships: []
      }
    }
    Functions: {
      attest_card: {
        Args: { card_id: string; player_no: number }
        Returns: undefined
      }
      card_invitation: {
        Args: { code: string }
        Returns: {
          course_name: string
          place_name: string
          played_on: string
          player_no: number
          starter_name: string
          taken: boolean
        }[]
      }
      copy_directory_course: { Args: { directory_id: string }; Returns: string }
      delete_my_account: {
        Args: Record<PropertyKey, never>
        Returns: undefined
      }
      import_rounds: { Args: { payload: Json }; Returns: Json }
      invite_to_card: { Args: { card_id: string }; Returns: string }
      join_card: { Args: { code: string; player_no: number }; Returns: string }
      publish_course: { Args: { course_id: string }; Returns: string }
      search_directory: {
        Args: { query: string }
        Returns: {
          id: string
          is_example: boolean
          name: string
          published_at: string
          published_by: string
          tees: Json
        }[]
      }
      sign_card: { Args: { card_id: string }; Returns: string }
      undo_deletion: {
        Args: { kind: string; record_id: string }
        Returns: undefined
      }
      withdraw_course: { Args: { directory_id: string }; Returns: undefined }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

